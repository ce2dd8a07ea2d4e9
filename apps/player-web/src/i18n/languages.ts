export const LANGUAGES = ['en', 'tr', 'pl', 'fa', 'bn', 'hr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  tr: 'Türkçe',
  pl: 'Polski',
  fa: 'فارسی',
  bn: 'বাংলা',
  hr: 'Hrvatski',
};

/** Persian is written right to left. */
export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'fa' ? 'rtl' : 'ltr';
}

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}
