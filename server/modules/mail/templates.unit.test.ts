import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAIL_LOCALES } from '../../../common/rules/locales';
import { renderMail } from './templates';

// The mails' texts live in the product's locale files (namespace `mail`), rendered by the same
// i18next and plural rules as the web's; these cases hold what the renderer adds on top.

const mailTexts = (locale: string) =>
  JSON.parse(
    readFileSync(
      new URL(`../../../web/public/locales/${locale}/mail.json`, import.meta.url),
      'utf8',
    ),
  ) as { templates: Record<string, { subject: string }>; signature: string };

const digest = (locale: 'en' | 'es' | 'de', messages: string, comments: string) =>
  renderMail({
    template: 'digest',
    locale,
    params: { username: 'ana', messages, comments, messagesLink: 'https://aura.test/messages' },
    actionUrl: 'https://aura.test/dashboard',
  });

describe('renderMail', () => {
  it('names a membership price with its period (issue 43)', () => {
    const renewed = (locale: 'en' | 'es' | 'de', interval: string) =>
      renderMail({
        template: 'membership-renewed',
        locale,
        params: { username: 'ana', creator: 'Mia', amount: '$50.00', interval },
      }).text;
    expect(renewed('en', 'year')).toContain('renewed for $50.00/year.');
    expect(renewed('en', 'month')).toContain('renewed for $50.00/month.');
    expect(renewed('de', 'year')).toContain('$50.00 pro Jahr');
    expect(renewed('es', 'year')).toContain('$50.00 al año');
  });

  it.each(MAIL_LOCALES)('writes %s from the locale file of that language', (locale) => {
    const texts = mailTexts(locale);
    const mail = renderMail({
      template: 'reset-password',
      locale,
      params: { username: 'ana' },
      actionUrl: 'https://aura.test/reset?token=x',
    });
    expect(mail.subject).toBe(texts.templates['reset-password']?.subject);
    expect(mail.text).toContain(texts.signature);
  });

  it('words each count in the reader’s plural form, with the number as the reader writes it', () => {
    const one = digest('en', '1', '1234').text;
    expect(one).toContain('1 new message you have not read yet: https://aura.test/messages');
    expect(one).toContain('1,234 new comments on your posts.');
    expect(digest('de', '1234', '1').text).toContain('1.234 neue ungelesene Nachrichten');
    expect(digest('es', '2', '1').text).toContain('1 comentario nuevo en tus publicaciones.');
    // Spanish has a third form (Intl.PluralRules: many), which i18next would take from English if
    // it were missing.
    expect(digest('es', '1000000', '0').text).toContain('1.000.000 de mensajes nuevos sin leer');
  });

  it('leaves out a count of 0 and a paragraph left empty by it', () => {
    const mail = digest('en', '0', '3');
    expect(mail.text).not.toMatch(/new messages?/);
    expect(mail.text).toContain('3 new comments on your posts.');
    expect(mail.html).not.toContain('<p></p>');
  });

  it('inserts what people wrote as it is, never as text to fill or translate', () => {
    const mail = renderMail({
      template: 'user-warned',
      locale: 'en',
      params: { username: 'ana', reason: '{{username}} $t(mail:signature) <b>' },
    });
    expect(mail.text).toContain('Reason: {{username}} $t(mail:signature) <b>');
    expect(mail.html).toContain('Reason: {{username}} $t(mail:signature) &lt;b&gt;');
  });

  it('leaves nothing where a param is missing', () => {
    const mail = renderMail({ template: 'sale-notice', locale: 'en', params: { username: 'ana' } });
    expect(mail.subject).toBe('New sale: ');
    expect(mail.text).not.toContain('{{');
  });
});
