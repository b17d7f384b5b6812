import { inArray, isNull, and } from 'drizzle-orm';
import { displayNameOf } from '../../../common/rules/display-name';
import type { MailLocale } from '../../../common/rules/locales';
import { formatMoney } from '../../../common/rules/money';
import type { MailMessage } from '../../adapters/mail/mailer';
import type { Db } from '../../db/client';
import { mediaPath, teaserKeyOf } from '../media/index';
import type { NewsletterSendContext } from './newsletter-mail.read-model';
import { accessLine, renderNewsletter, type NewsletterTemplate } from './newsletter-templates';
import type { MailJobPayload } from './queue';
import { newsletterSends } from './tables';
import { clickQuery, newsletterUnsubscribeToken } from './tokens';

/** The send rows a new-post mail carries (one, or a weekly mail's several). */
export function sendIdsOf(payload: MailJobPayload): number[] {
  const params = payload.params ?? {};
  const raw = params.sendIds ?? params.sendId ?? '';
  return raw
    .split(',')
    .filter((id) => /^\d{1,18}$/.test(id))
    .map(Number);
}

export interface NewsletterComposeDeps {
  key: Buffer;
  publicUrl: string;
  /** MAIL_UNSUBSCRIBE_MAILTO: a mailbox that unsubscribes, offered beside the https link. */
  unsubscribeMailto?: string;
}

interface Reader {
  id: string;
  username: string;
  email: string;
  locale: MailLocale;
}

/**
 * One new-post mail for its reader as things are now, or null when it is not to go out: the
 * reader switched the creator off since, every item in it was taken down, or the mail server
 * took it already (a job run again after its instance died mid-batch). Its links go
 * through our click redirect; it carries RFC 8058 one-click unsubscribe for that creator only.
 */
export function composeNewsletterMail(
  deps: NewsletterComposeDeps,
  template: NewsletterTemplate,
  payload: MailJobPayload,
  key: string,
  reader: Reader,
  contexts: Map<number, NewsletterSendContext>,
): Omit<MailMessage, 'to'> | null {
  const sends = sendIdsOf(payload)
    .map((id) => contexts.get(id))
    .filter(
      (c): c is NewsletterSendContext => c !== undefined && c.recipientId === reader.id && !c.sent,
    );
  const first = sends[0];
  if (!first || first.switchedOff) return null;
  const base = deps.publicUrl;
  const click = (sendId: number, path: string) =>
    `${base}/api/v1/mail/click?${clickQuery(deps.key, sendId, path)}`;
  const creatorPath = `/creator/${encodeURIComponent(first.creator.username)}`;
  const entries = sends.flatMap(({ id, item, access }) => {
    if (!item || !item.listed) return [];
    const cover = item.imagePreviewKey
      ? mediaPath(access === 'open' ? item.imagePreviewKey : teaserKeyOf(item.imagePreviewKey))
      : null;
    const price =
      item.priceCents > 0 ? formatMoney(item.priceCents, item.currency, reader.locale) : null;
    return [
      {
        title: item.title,
        access: accessLine(reader.locale, access, { tier: item.tierRequired, price }),
        url: click(id, `/product/${item.id}`),
        coverUrl: cover ? `${base}${cover}` : null,
      },
    ];
  });
  if (template !== 'creator-update' && entries.length === 0) return null;
  if (template === 'creator-update' && !first.update) return null;
  const creatorId = payload.params?.creatorId ?? '';
  const unsubscribe = newsletterUnsubscribeToken(deps.key, reader.id, creatorId);
  const unsubscribeUrl = `${base}/api/v1/mail/unsubscribe?token=${encodeURIComponent(unsubscribe)}`;
  const rendered = renderNewsletter({
    template,
    locale: reader.locale,
    username: reader.username,
    creator: displayNameOf(first.creator),
    entries,
    ...(first.update ? { update: first.update } : {}),
    creatorUrl: click(first.id, creatorPath),
    unsubscribeUrl: `${base}/unsubscribe?token=${encodeURIComponent(unsubscribe)}`,
    settingsUrl: `${base}/account`,
  });
  const mailto = deps.unsubscribeMailto;
  return {
    ...rendered,
    headers: {
      'List-Unsubscribe': [
        `<${unsubscribeUrl}>`,
        ...(mailto ? [`<mailto:${mailto}?subject=unsubscribe%20${unsubscribe}>`] : []),
      ].join(', '),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    template: payload.template,
    key,
    secrets: [unsubscribe],
    causedByRequest: false,
  };
}

/** Marks the send rows of the mails the mail server took as sent (the counts per item). */
export async function markSent(db: Db, sendIds: readonly number[], at: Date): Promise<void> {
  if (sendIds.length === 0) return;
  await db
    .update(newsletterSends)
    .set({ sentAt: at })
    .where(and(inArray(newsletterSends.id, [...sendIds]), isNull(newsletterSends.sentAt)));
}
