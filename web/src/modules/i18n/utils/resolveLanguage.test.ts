import { describe, expect, it } from 'vitest';
import { resolveLanguage } from './resolveLanguage';

// Seed 000 §1: "Language is chosen from a stored value, then the browser, reduced to the primary
// subtag, defaulting to zh."
describe('language resolution', () => {
  it.each([
    ['en', 'zh-CN', 'en', 'a stored value wins over the browser'],
    ['zh', 'en-US', 'zh', 'a stored zh wins too'],
    [undefined, 'en-US', 'en', 'the browser primary subtag is used when nothing is stored'],
    [undefined, 'zh-Hant-HK', 'zh', 'zh variants reduce to zh'],
    [undefined, 'fr-FR', 'zh', 'an unsupported browser language falls back to zh'],
    [undefined, undefined, 'zh', 'no browser language: zh'],
    ['de', 'en', 'en', 'an invalid stored value is ignored'],
  ])('stored %s, browser %s → %s (%s)', (stored, browser, expected, _why) => {
    expect(resolveLanguage(stored, browser)).toBe(expected);
  });
});
