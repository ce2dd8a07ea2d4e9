import i18next, { i18n as I18n } from 'i18next';
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

/** i18next with every language bundled (they are small), the page's lang and dir set from the launch language. */
export async function initI18n(language: Language): Promise<I18n> {
  await i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
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
