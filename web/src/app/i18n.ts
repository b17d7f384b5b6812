import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type en from '../../public/locales/en/translation.json';
import { localeFileBackend } from './i18n-backend';

export const LANGUAGES = ['en', 'es', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
const STORAGE_KEY = 'language';

declare module 'i18next' {
  interface CustomTypeOptions {
    // English is the source of truth: a key missing from it is a compile error.
    resources: { translation: typeof en };
  }
}

function initialLanguage(): Language {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (saved && (LANGUAGES as readonly string[]).includes(saved)) return saved as Language;
  const browser = navigator.language.slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(browser) ? (browser as Language) : 'en';
}

/** Translation files are fetched per language from /locales/<lang>/translation.json (SPEC §7). */
void i18n
  .use(localeFileBackend)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

i18n.on('languageChanged', (lng) => {
  localStorage.setItem(STORAGE_KEY, lng);
  document.documentElement.lang = lng;
});

export default i18n;
