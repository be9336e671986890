// Version check (seed 000 §4): compare /version.json with the stored version every 2 hours and
// when the page becomes visible; a different version is stored and the page reloads.
import { storage } from '../../storage/utils/storage';

/** Seed 000 §9: every 7,200,000 ms. */
export const VERSION_CHECK_INTERVAL_MS = 7_200_000;

export type VersionAction = 'none' | 'store' | 'reload';

/** First visit stores the version; a later, different version reloads. */
export function decideVersionAction(stored: string | undefined, server: string | undefined): VersionAction {
  if (!server) return 'none';
  if (!stored) return 'store';
  return stored === server ? 'none' : 'reload';
}

async function checkOnce(): Promise<void> {
  try {
    const response = await fetch(`/version.json?t=${Date.now()}`, { cache: 'no-store' });
    if (!response.ok) return;
    const { version } = (await response.json()) as { version?: string };
    const action = decideVersionAction(storage.get<string>('app-version'), version);
    if (action === 'none') return;
    storage.set('app-version', version, 0);
    if (action === 'reload') window.location.reload();
  } catch {
    // offline or no version file: try again later
  }
}

export function startVersionCheck(): () => void {
  void checkOnce();
  const timer = setInterval(() => void checkOnce(), VERSION_CHECK_INTERVAL_MS);
  const onVisible = () => {
    if (document.visibilityState === 'visible') void checkOnce();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
