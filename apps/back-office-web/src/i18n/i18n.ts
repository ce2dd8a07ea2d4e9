import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';

/** i18next with the bundled languages (English today); the page's lang follows the chosen one. */
export async function initI18n(language = 'en'): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = i18next.language;
}
