// Picks the interface language: stored value, then the browser's primary subtag, default zh (seed 000 §1).
export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Reduce a BCP 47 tag ("en-US", "zh_Hant_HK") to its primary subtag. */
export function primarySubtag(tag: string | undefined | null): string {
  return (tag ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

export function resolveLanguage(stored: unknown, browserLanguage: string | undefined | null): Language {
  if (isLanguage(stored)) return stored;
  const primary = primarySubtag(browserLanguage);
  return isLanguage(primary) ? primary : DEFAULT_LANGUAGE;
}
