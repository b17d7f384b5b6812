import type { MailLocale } from '../../../common/rules/locales';
import { textsIn } from '../../i18n';
import type { RenderedMail } from './templates';

/*
 * The new-post mails' shape (issue 42): the creator's name, per item its title, cover, the
 * lock state for this reader and a link to its page; a creator's update is its subject and
 * text. Texts in the `newsletter` part of mail.json, en/es/de like every mail.
 */

export const NEWSLETTER_TEMPLATES = ['new-item', 'new-items-weekly', 'creator-update'] as const;
export type NewsletterTemplate = (typeof NEWSLETTER_TEMPLATES)[number];
export const isNewsletterTemplate = (t: string): t is NewsletterTemplate =>
  (NEWSLETTER_TEMPLATES as readonly string[]).includes(t);

export interface NewsletterEntry {
  title: string;
  /** The lock state line for this reader, already in their language. */
  access: string;
  /** Our click link to the item's page. */
  url: string;
  coverUrl: string | null;
}

export interface NewsletterRender {
  template: NewsletterTemplate;
  locale: MailLocale;
  username: string;
  creator: string;
  entries: NewsletterEntry[];
  update?: { subject: string; text: string };
  /** The click link to the creator's page (weekly mail and updates). */
  creatorUrl: string;
  unsubscribeUrl: string;
  settingsUrl: string;
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** The lock-state line of an item for one reader. */
export function accessLine(
  locale: MailLocale,
  access: 'open' | 'member' | 'locked',
  lock: { tier: string; price: string | null },
): string {
  const t = textsIn(locale, 'mail');
  if (access !== 'locked') return t(`newsletter.access.${access}`, { replace: lock });
  return t(
    lock.tier === 'Aura' ? 'newsletter.access.lockedPrice' : 'newsletter.access.lockedTier',
    {
      replace: lock,
    },
  );
}

export function renderNewsletter(input: NewsletterRender): RenderedMail {
  const t = textsIn(input.locale, 'mail');
  const names = { creator: input.creator, username: input.username };
  const count = input.entries.length;
  const subject =
    input.template === 'new-item'
      ? t('newsletter.newItem.subject', {
          replace: { ...names, title: input.entries[0]?.title ?? '' },
        })
      : input.template === 'new-items-weekly'
        ? t('newsletter.weekly.subject', { count, replace: { ...names, count } })
        : t('newsletter.update.subject', {
            replace: { ...names, subject: input.update?.subject ?? '' },
          });
  const intro =
    input.template === 'new-item'
      ? t('newsletter.newItem.intro', { replace: names })
      : input.template === 'new-items-weekly'
        ? t('newsletter.weekly.intro', { count, replace: { ...names, count } })
        : t('newsletter.update.intro', { replace: names });
  const action = t('newsletter.open');
  const creatorAction = t('newsletter.creatorPage', { replace: names });
  const why = t('newsletter.why', { replace: names });
  const unsubscribe = t('newsletter.unsubscribe', { replace: names });
  const settings = t('newsletter.settings');
  const greeting = t('greeting', { replace: names });
  const updateParagraphs = input.update
    ? input.update.text.split(/\n{2,}/).filter((p) => p.trim() !== '')
    : [];

  const text = [
    greeting,
    intro,
    ...input.entries.map((e) => `* ${e.title}\n  ${e.access}\n  ${action}: ${e.url}`),
    ...(input.update ? [input.update.subject, ...updateParagraphs] : []),
    ...(input.template === 'new-item' ? [] : [`${creatorAction}: ${input.creatorUrl}`]),
    t('signature'),
    `--\n${why}\n${unsubscribe}: ${input.unsubscribeUrl}\n${settings}: ${input.settingsUrl}`,
  ].join('\n\n');

  const entryHtml = (e: NewsletterEntry) =>
    [
      '<div style="margin:16px 0">',
      e.coverUrl
        ? `<a href="${escapeHtml(e.url)}"><img src="${escapeHtml(e.coverUrl)}" alt="${escapeHtml(e.title)}" width="480" style="max-width:100%;border-radius:8px"></a>`
        : '',
      `<h2 style="margin:8px 0 4px"><a href="${escapeHtml(e.url)}">${escapeHtml(e.title)}</a></h2>`,
      `<p style="margin:0 0 8px">${escapeHtml(e.access)}</p>`,
      `<p><a href="${escapeHtml(e.url)}">${escapeHtml(action)}</a></p>`,
      '</div>',
    ].join('');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    ...input.entries.map(entryHtml),
    ...(input.update
      ? [
          `<h2>${escapeHtml(input.update.subject)}</h2>`,
          ...updateParagraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`),
        ]
      : []),
    ...(input.template === 'new-item'
      ? []
      : [`<p><a href="${escapeHtml(input.creatorUrl)}">${escapeHtml(creatorAction)}</a></p>`]),
    `<p>${escapeHtml(t('signature'))}</p>`,
    `<hr><p><small>${escapeHtml(why)} <a href="${escapeHtml(input.unsubscribeUrl)}">${escapeHtml(unsubscribe)}</a> · <a href="${escapeHtml(input.settingsUrl)}">${escapeHtml(settings)}</a></small></p>`,
  ].join('');
  return {
    subject,
    text: `${text}\n`,
    html: `<!doctype html><html lang="${input.locale}"><body>${html}</body></html>`,
  };
}
