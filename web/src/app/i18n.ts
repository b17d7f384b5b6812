import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { I18N_OPTIONS, LANGUAGES, type Language } from '../../../common/i18n';
import { localeFileBackend } from './i18n-backend';

// Keys are typed from the English files in common/i18n.ts: a key missing there is a compile error.
export { LANGUAGES, type Language };
const STORAGE_KEY = 'language';

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
    ...I18N_OPTIONS,
    lng: initialLanguage(),
    react: { useSuspense: true },
  });

i18n.on('languageChanged', (lng) => {
  localStorage.setItem(STORAGE_KEY, lng);
  document.documentElement.lang = lng;
  // The server renders public pages in this language too (server/http/ssr/render.ts).
  document.cookie = `lang=${lng}; path=/; max-age=31536000; samesite=lax`;
});

export default i18n;
