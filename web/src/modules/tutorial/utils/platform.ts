// Operating-system tab of the setup guides (seed 002 §2): read from ?platform (or os, target) and the browser.
export type TutorialPlatform = 'windows' | 'mac' | 'linux';

const SYNONYMS: Record<string, TutorialPlatform> = {
  windows: 'windows',
  win: 'windows',
  win32: 'windows',
  mac: 'mac',
  macos: 'mac',
  osx: 'mac',
  linux: 'linux',
  unix: 'linux',
  ubuntu: 'linux',
};

/** Claude Code: windows, mac, linux; default windows. Codex: windows and mac (mac covers linux). */
export function resolveTutorialPlatform(search: string, guide: 'codex' | 'claude-code'): TutorialPlatform {
  const params = new URLSearchParams(search);
  const raw = (params.get('platform') ?? params.get('os') ?? params.get('target') ?? '').toLowerCase();
  const found = SYNONYMS[raw] ?? 'windows';
  return guide === 'codex' && found === 'linux' ? 'mac' : found;
}

/** The platform query value from the browser (mac, windows or linux). */
export function browserPlatform(userAgent: string): TutorialPlatform {
  if (/Mac|iPhone|iPad/i.test(userAgent)) return 'mac';
  if (/Linux|X11/i.test(userAgent) && !/Android/i.test(userAgent)) return 'linux';
  return 'windows';
}
