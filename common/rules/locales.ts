import { LANGUAGES, type Language } from '../i18n';

/** The languages mails are written in (issue 16): the web's languages. */
export const MAIL_LOCALES = LANGUAGES;
export type MailLocale = Language;

/** The first supported language of an Accept-Language header, else English. */
export function localeOf(acceptLanguage: string | undefined | null): MailLocale {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if ((MAIL_LOCALES as readonly string[]).includes(code)) return code as MailLocale;
  }
  return 'en';
}

/**
 * The notices a person can switch off in account settings (issue 16); all are on until switched
 * off. Account mails (verification, password reset, e-mail change) cannot be switched off.
 */
export const NOTICE_KINDS = [
  'sales',
  'subscribers',
  'digest',
  'receipts',
  'memberships',
  'moderation',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
