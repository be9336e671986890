import { describe, expect, it } from 'vitest';
import { browserPlatform, resolveTutorialPlatform } from './platform';

describe('setup guide platform tab (seed 002 §2)', () => {
  it.each([
    ['?platform=macos', 'claude-code', 'mac'],
    ['?os=osx', 'claude-code', 'mac'],
    ['?target=ubuntu', 'claude-code', 'linux'],
    ['?platform=unix', 'claude-code', 'linux'],
    ['?platform=win32', 'claude-code', 'windows'],
    ['', 'claude-code', 'windows'],
    ['?platform=linux', 'codex', 'mac'],
    ['?platform=win', 'codex', 'windows'],
  ] as const)('%s for %s → %s', (search, guide, expected) => expect(resolveTutorialPlatform(search, guide)).toBe(expected));

  it('reads the browser platform', () => {
    expect(browserPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)')).toBe('mac');
    expect(browserPlatform('Mozilla/5.0 (X11; Linux x86_64)')).toBe('linux');
    expect(browserPlatform('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('windows');
  });
});
