import type { InitOptions } from 'i18next';
import type enAssistant from '../web/public/locales/en/assistant.json';
import type enMail from '../web/public/locales/en/mail.json';
import type enTranslation from '../web/public/locales/en/translation.json';

/** The product's languages (SPEC §1); English is the source of truth and the fallback. */
export const LANGUAGES = ['en', 'es', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The namespaces of the product's one set of locale files,
 * `web/public/locales/<language>/<namespace>.json`: the web's texts, the mails, and what the
 * built-in assistant says. The web loads `translation`; the server all three.
 */
export const NAMESPACES = ['translation', 'mail', 'assistant'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const isLanguage = (value: string): value is Language =>
  (LANGUAGES as readonly string[]).includes(value);

/**
 * What the web's and the server's i18next instances share, so a text renders alike everywhere
 * (plural forms by Intl.PluralRules: `_one`, `_other` keys).
 */
export const I18N_OPTIONS = {
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  // React and the mail renderer escape for HTML themselves; i18next would escape twice.
  interpolation: { escapeValue: false },
} satisfies InitOptions;

declare module 'i18next' {
  interface CustomTypeOptions {
    // English is the source of truth: a key missing from it is a compile error.
    defaultNS: 'translation';
    resources: {
      translation: typeof enTranslation;
      mail: typeof enMail;
      assistant: typeof enAssistant;
    };
  }
}
