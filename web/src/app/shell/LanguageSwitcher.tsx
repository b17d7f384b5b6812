import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../i18n';

const isLanguage = (value: string): value is Language =>
  (LANGUAGES as readonly string[]).includes(value);

/** SPEC §2: en, es, de. i18n.ts saves the choice and updates <html lang>. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = isLanguage(i18n.resolvedLanguage ?? '') ? i18n.resolvedLanguage : 'en';
  return (
    <div className="aura-language">
      <label htmlFor={id} className="visually-hidden">
        {t('shell.language.label')}
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        data-ssr-control="language"
        value={current}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void i18n.changeLanguage(event.target.value);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`shell.language.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
