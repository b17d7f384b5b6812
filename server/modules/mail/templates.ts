import type { TFunction } from 'i18next';
import type { MailLocale, NoticeKind } from '../../../common/rules/locales';
import { textsIn } from '../../i18n';
import { isNewsletterTemplate, type NewsletterTemplate } from './newsletter-templates';

/*
 * Mail templates (issue 16): plain text plus simple HTML, in the recipient's language. A template
 * is a subject, paragraphs and at most one action link, its texts in the `mail` namespace of the
 * locale files (web/public/locales/<language>/mail.json); `{{name}}` is filled from the params.
 * Every link is absolute (PUBLIC_URL), built by the caller.
 */

export const ACCOUNT_TEMPLATES = [
  'verify-email',
  'change-email',
  'email-change-notice',
  'reset-password',
  // An invitation to an address without an account (issue 42): its link leads to sign-up.
  'member-invite',
  'member-invite-comp',
] as const;
/** A gift's mail to its recipient (issue 43): an address, not an account, in the giver's language. */
export const GIFT_TEMPLATES = ['gift-item', 'gift-membership'] as const;
export const NOTICE_TEMPLATES = [
  'sale-receipt',
  'gift-receipt',
  'gift-notice',
  'sale-notice',
  'tip-notice',
  'refund-receipt',
  'refund-notice',
  'membership-receipt',
  'membership-trial-started',
  'new-subscriber',
  'new-trial-subscriber',
  'membership-renewed',
  'membership-upgraded',
  'membership-payment-failed',
  'membership-ended',
  'member-import-notice',
  'user-warned',
  'user-suspended',
  'digest',
] as const;
export type AccountTemplate = (typeof ACCOUNT_TEMPLATES)[number];
export type NoticeTemplate = (typeof NOTICE_TEMPLATES)[number];
export type GiftTemplate = (typeof GIFT_TEMPLATES)[number];
/** New-post mails (issue 42) have their own shape: newsletter-templates.ts. */
export type MailTemplate = AccountTemplate | NoticeTemplate | GiftTemplate | NewsletterTemplate;

/** Which switch of account settings silences each notice. */
export const NOTICE_KIND_OF: Record<NoticeTemplate, NoticeKind> = {
  'sale-receipt': 'receipts',
  'gift-receipt': 'receipts',
  'gift-notice': 'sales',
  'sale-notice': 'sales',
  'tip-notice': 'sales',
  'refund-receipt': 'receipts',
  'refund-notice': 'sales',
  'membership-receipt': 'receipts',
  'membership-trial-started': 'receipts',
  'new-subscriber': 'subscribers',
  'new-trial-subscriber': 'subscribers',
  'membership-renewed': 'memberships',
  'membership-upgraded': 'memberships',
  'membership-payment-failed': 'memberships',
  'membership-ended': 'memberships',
  'member-import-notice': 'memberships',
  'user-warned': 'moderation',
  'user-suspended': 'moderation',
  digest: 'digest',
};

export const isNoticeTemplate = (t: string): t is NoticeTemplate =>
  (NOTICE_TEMPLATES as readonly string[]).includes(t);
const isGiftTemplate = (t: string): t is GiftTemplate =>
  (GIFT_TEMPLATES as readonly string[]).includes(t);
export const isMailTemplate = (t: string): t is MailTemplate =>
  isNoticeTemplate(t) ||
  isGiftTemplate(t) ||
  isNewsletterTemplate(t) ||
  (ACCOUNT_TEMPLATES as readonly string[]).includes(t);

/** One template's texts in mail.json (`templates.<name>`), filled with the mail's params. */
interface TemplateText {
  subject: string;
  paragraphs: string[];
  /** The label of the action link, when the mail has one. */
  action?: string;
  /**
   * A confirmation mail's "this was not me" paragraph (`{{link}}` is its link), shown after the
   * action when the mail has that link.
   */
  notMe?: string;
}

/**
 * The digest's counts, in the reader's plural form: `{{messages}}` in a paragraph becomes the
 * phrase `templates.digest.messages` for the count in `params.messages`. A count of 0 gives
 * nothing, and a paragraph left empty is dropped.
 */
const DIGEST_COUNTS = ['messages', 'comments'] as const;

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** The params with each count of the template replaced by its phrase in the reader's language. */
function withCountPhrases(
  t: TFunction<'mail'>,
  template: MailTemplate,
  params: Record<string, string>,
): Record<string, string> {
  if (template !== 'digest') return params;
  const out = { ...params };
  for (const name of DIGEST_COUNTS) {
    const count = Number(params[name] ?? 0);
    out[name] =
      Number.isFinite(count) && count > 0
        ? t(`templates.digest.${name}`, { count, replace: { ...params, count } })
        : '';
  }
  return out;
}

/**
 * A receipt's discount (issue 43): `{{discountLine}}` becomes "Code LAUNCH: −$1.00" when the
 * params name a code and the amount it took off (`discount`, already formatted), else nothing,
 * and its paragraph is dropped.
 */
function withDiscountLine(
  t: TFunction<'mail'>,
  params: Record<string, string>,
): Record<string, string> {
  const discountLine =
    params.discountCode && params.discount
      ? t('discountLine', { replace: { code: params.discountCode, discount: params.discount } })
      : '';
  return { ...params, discountLine };
}

/**
 * A membership's amounts with their period (issue 43): `{{amount}}` (what was paid) and
 * `{{price}}` (what a period costs) become "$50.00/year" when the params name the interval.
 */
function withIntervalPrice(
  t: TFunction<'mail'>,
  params: Record<string, string>,
): Record<string, string> {
  const { interval } = params;
  if (interval !== 'month' && interval !== 'year') return params;
  const out = { ...params };
  for (const name of ['amount', 'price'] as const) {
    const amount = params[name];
    if (amount !== undefined) out[name] = t(`perInterval.${interval}`, { replace: { amount } });
  }
  return out;
}

/** Absolute URLs inside a paragraph become links in the HTML part. */
const linkify = (escaped: string) =>
  escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

export interface RenderInput {
  template: Exclude<MailTemplate, NewsletterTemplate>;
  locale: MailLocale;
  params: Record<string, string>;
  /** The absolute URL of the action, when the template has one. */
  actionUrl?: string;
  /** The absolute URL of a confirmation mail's "this was not me" link. */
  notMeUrl?: string;
  /** The absolute one-click unsubscribe URL of a notice. */
  unsubscribeUrl?: string;
  kind?: NoticeKind;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Renders a template in the recipient's language: a text part and an equivalent HTML part. */
export function renderMail(input: RenderInput): RenderedMail {
  const t = textsIn(input.locale, 'mail');
  const params = withIntervalPrice(
    t,
    withDiscountLine(t, withCountPhrases(t, input.template, input.params)),
  );
  // The params go in `replace`, apart from i18next's own options, so no param is taken for one.
  const template = t(`templates.${input.template}`, {
    replace: { ...params, link: input.notMeUrl },
    returnObjects: true,
  }) as TemplateText;
  const paragraphs = [
    t('greeting', { replace: params }),
    ...template.paragraphs.filter((p) => p.trim() !== ''),
  ];
  const action =
    template.action && input.actionUrl ? { label: template.action, url: input.actionUrl } : null;
  const notMe = template.notMe && input.notMeUrl ? template.notMe : null;
  const isAccountMail =
    !isNoticeTemplate(input.template) &&
    !isGiftTemplate(input.template) &&
    input.template !== 'email-change-notice';
  const footer: string[] = [];
  if (isAccountMail) footer.push(t('ignore'));
  footer.push(t('signature'));
  const unsubscribe =
    input.unsubscribeUrl && input.kind
      ? t('unsubscribe', {
          replace: { kind: t(`noticeKinds.${input.kind}`), link: input.unsubscribeUrl },
        })
      : null;

  const textParts = [
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...(notMe ? [notMe] : []),
    ...footer,
    ...(unsubscribe ? [`--\n${unsubscribe}`] : []),
  ];
  const htmlParts = [
    ...paragraphs.map((p) => `<p>${linkify(escapeHtml(p))}</p>`),
    ...(action
      ? [`<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`]
      : []),
    ...(notMe ? [`<p>${linkify(escapeHtml(notMe))}</p>`] : []),
    ...footer.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(unsubscribe ? [`<hr><p><small>${linkify(escapeHtml(unsubscribe))}</small></p>`] : []),
  ];
  return {
    subject: template.subject,
    text: `${textParts.join('\n\n')}\n`,
    html: `<!doctype html><html lang="${input.locale}"><body>${htmlParts.join('')}</body></html>`,
  };
}
