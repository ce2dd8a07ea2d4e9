import i18next, { FormatterModule, i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { directionOf, Language } from './languages';
import { bn } from './locales/bn';
import { en } from './locales/en';
import { fa } from './locales/fa';
import { hr } from './locales/hr';
import { pl } from './locales/pl';
import { tr } from './locales/tr';

const resources = {
  en: { translation: en },
  tr: { translation: tr },
  pl: { translation: pl },
  fa: { translation: fa },
  bn: { translation: bn },
  hr: { translation: hr },
};

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * Every number a translation interpolates (a count, a round number, seconds) written in the language's digits —
 * Persian ۵ میز, Bengali ৫ — without grouping (round numbers and counts, never money: amounts come formatted).
 * The client uses no named formats (`{{x, number}}`), so this formatter is the only one.
 */
export const localeNumbers: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- i18next's FormatFunction passes any value through
  format: (value: any, _format, lng): any => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return value;
    const locale = lng ?? 'en';
    let f = numberFormats.get(locale);
    if (!f) {
      f = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 20 });
      numberFormats.set(locale, f);
    }
    return f.format(value);
  },
};

/** i18next with every language bundled (they are small), the page's lang and dir set from the launch language. */
export async function initI18n(language: Language): Promise<I18n> {
  await i18next
    .use(initReactI18next)
    .use(localeNumbers)
    .init({
      resources,
      lng: language,
      fallbackLng: 'en',
      interpolation: { escapeValue: false, alwaysFormat: true },
      returnObjects: false,
    });
  applyDocumentLanguage(language);
  return i18next;
}

export function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

export async function changeLanguage(language: Language): Promise<void> {
  await i18next.changeLanguage(language);
  applyDocumentLanguage(language);
}
