import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_WINDOW_MS, isChunkLoadError, mayReload } from './chunkReload';
import { decideVersionAction, VERSION_CHECK_INTERVAL_MS } from './versionCheck';

describe('version check (seed 000 §4, §9)', () => {
  it('"Checked every 2 hours": 7,200,000 ms', () => expect(VERSION_CHECK_INTERVAL_MS).toBe(7_200_000));

  it.each([
    [undefined, '1.0.0', 'store', 'first visit stores the version'],
    ['1.0.0', '1.0.0', 'none', 'same version: nothing'],
    ['1.0.0', '1.0.1', 'reload', 'different version: store and reload'],
    ['1.0.0', undefined, 'none', 'no version file: nothing'],
  ] as const)('stored %s, server %s → %s (%s)', (stored, server, expected, _why) => {
    expect(decideVersionAction(stored, server)).toBe(expected);
  });
});

describe('failed chunk load (seed 000 §8 "reloads the page, at most once per 10 s")', () => {
  it('recognises dynamic import failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('allows one reload per 10 s', () => {
    expect(CHUNK_RELOAD_WINDOW_MS).toBe(10_000);
    expect(mayReload(null, 1000)).toBe(true);
    expect(mayReload(1000, 1000 + 9_999)).toBe(false);
    expect(mayReload(1000, 1000 + 10_000)).toBe(true);
  });
});
