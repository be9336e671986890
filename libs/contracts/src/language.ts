// The two interface languages of the seeds and how a request picks one.
export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';

/** Reduce a `language` header (or Accept-Language) to its primary subtag; default zh (seed 000 §1). */
export function resolveLanguage(header: string | string[] | undefined): Language {
  const raw = Array.isArray(header) ? header[0] : header;
  if (!raw) return DEFAULT_LANGUAGE;
  const primary = raw.split(/[,;]/)[0]!.trim().toLowerCase().split(/[-_]/)[0];
  return primary === 'en' ? 'en' : DEFAULT_LANGUAGE;
}

export type Localized = Record<Language, string>;
