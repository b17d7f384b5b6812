import type { MailLocale, NoticeKind } from '../../../common/rules/locales';

/*
 * Mail templates (issue 16): plain text plus simple HTML, in the recipient's language. A template
 * is a subject, paragraphs and at most one action link; `{{name}}` is filled from the params.
 * Every link is absolute (PUBLIC_URL), built by the caller.
 */

export const ACCOUNT_TEMPLATES = [
  'verify-email',
  'change-email',
  'email-change-notice',
  'reset-password',
] as const;
export const NOTICE_TEMPLATES = [
  'sale-receipt',
  'sale-notice',
  'new-subscriber',
  'membership-renewed',
  'membership-payment-failed',
  'membership-ended',
  'user-warned',
  'user-suspended',
  'digest',
] as const;
export type AccountTemplate = (typeof ACCOUNT_TEMPLATES)[number];
export type NoticeTemplate = (typeof NOTICE_TEMPLATES)[number];
export type MailTemplate = AccountTemplate | NoticeTemplate;

/** Which switch of account settings silences each notice. */
export const NOTICE_KIND_OF: Record<NoticeTemplate, NoticeKind> = {
  'sale-receipt': 'receipts',
  'sale-notice': 'sales',
  'new-subscriber': 'subscribers',
  'membership-renewed': 'memberships',
  'membership-payment-failed': 'memberships',
  'membership-ended': 'memberships',
  'user-warned': 'moderation',
  'user-suspended': 'moderation',
  digest: 'digest',
};

export const isNoticeTemplate = (t: string): t is NoticeTemplate =>
  (NOTICE_TEMPLATES as readonly string[]).includes(t);
export const isMailTemplate = (t: string): t is MailTemplate =>
  isNoticeTemplate(t) || (ACCOUNT_TEMPLATES as readonly string[]).includes(t);

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
  /**
   * Phrases for counts: `{{name}}` in a paragraph becomes the phrase of the count in
   * `params[name]` in the reader's plural form (`{{count}}` is the number). A count of 0 gives
   * nothing, and a paragraph left empty is dropped.
   */
  counts?: Record<string, PluralPhrases>;
}

/** Phrases by plural category (Intl.PluralRules); `other` is the fallback. */
type PluralPhrases = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

type Texts = Record<MailTemplate, TemplateText> & {
  greeting: string;
  signature: string;
  unsubscribe: string;
  ignore: string;
};

const en: Texts = {
  greeting: 'Hello {{username}},',
  signature: 'The Aura team',
  unsubscribe: 'Stop these e-mails ({{kind}}): {{link}}',
  ignore: 'If you did not ask for this, you can ignore this e-mail.',
  'verify-email': {
    subject: 'Confirm your e-mail address',
    paragraphs: [
      'An Aura account with the username {{username}} was created with the address {{email}}.',
      'Please confirm that {{email}} is your e-mail address. The link works once.',
    ],
    action: 'Confirm my e-mail address',
    notMe:
      'This was not me: if you did not create the account {{username}}, remove your address from it (it will get no more mail from us): {{link}}',
  },
  'change-email': {
    subject: 'Confirm your new e-mail address',
    paragraphs: [
      'The Aura account with the username {{username}} asked to change its e-mail address to {{email}}. It takes effect once you confirm it.',
    ],
    action: 'Confirm the new address',
    notMe:
      'This was not me: if {{username}} is not your account, keep your address out of it: {{link}}',
  },
  'email-change-notice': {
    subject: 'Your e-mail address is being changed',
    paragraphs: [
      'Someone signed in to your account asked to change its e-mail address to {{newEmail}}. The change takes effect when the new address is confirmed.',
      'If this was not you, reset your password at once: {{resetLink}}',
    ],
  },
  'reset-password': {
    subject: 'Reset your password',
    paragraphs: [
      'Use the link below to choose a new password. It works once and expires in 30 minutes. Choosing a new password signs you out everywhere.',
    ],
    action: 'Choose a new password',
  },
  'sale-receipt': {
    subject: 'Your receipt: {{item}}',
    paragraphs: ['Thank you for your purchase of “{{item}}” for {{amount}}.'],
    action: 'Open your purchase',
  },
  'sale-notice': {
    subject: 'New sale: {{item}}',
    paragraphs: ['Good news: “{{item}}” was just bought for {{amount}}.'],
    action: 'Open your dashboard',
  },
  'new-subscriber': {
    subject: 'New subscriber',
    paragraphs: ['Someone just subscribed to your {{tier}} tier for {{amount}}.'],
    action: 'Open your dashboard',
  },
  'membership-renewed': {
    subject: 'Your membership was renewed',
    paragraphs: ['Your membership with {{creator}} was renewed for {{amount}}.'],
    action: 'Open your wallet',
  },
  'membership-payment-failed': {
    subject: 'Your membership renewal failed',
    paragraphs: [
      'We could not renew your {{tier}} membership with {{creator}}.',
      'Top up your wallet or update your card, then subscribe again to keep your access.',
    ],
    action: 'Open your wallet',
  },
  'membership-ended': {
    subject: 'Your membership has ended',
    paragraphs: ['Your membership with {{creator}} has ended. You can subscribe again any time.'],
    action: 'Visit {{creator}}',
  },
  'user-warned': {
    subject: 'A warning from the moderators',
    paragraphs: ['The moderators sent you a warning. Reason: {{reason}}'],
    action: 'Open your dashboard',
  },
  'user-suspended': {
    subject: 'Your account is suspended',
    paragraphs: ['The moderators suspended your account. Reason: {{reason}}'],
  },
  digest: {
    subject: 'Your Aura digest',
    paragraphs: ['Here is what is new for you on Aura:', '{{messages}}', '{{comments}}'],
    counts: {
      messages: {
        one: '{{count}} new message you have not read yet: {{messagesLink}}',
        other: '{{count}} new messages you have not read yet: {{messagesLink}}',
      },
      comments: {
        one: '{{count}} new comment on your posts.',
        other: '{{count}} new comments on your posts.',
      },
    },
    action: 'Open your dashboard',
  },
};

const es: Texts = {
  greeting: 'Hola, {{username}}:',
  signature: 'El equipo de Aura',
  unsubscribe: 'Dejar de recibir estos correos ({{kind}}): {{link}}',
  ignore: 'Si no lo has pedido tú, puedes ignorar este correo.',
  'verify-email': {
    subject: 'Confirma tu dirección de correo',
    paragraphs: [
      'Se ha creado una cuenta de Aura con el nombre de usuario {{username}} y la dirección {{email}}.',
      'Confirma que {{email}} es tu dirección de correo. El enlace funciona una sola vez.',
    ],
    action: 'Confirmar mi correo',
    notMe:
      'No he sido yo: si no creaste la cuenta {{username}}, quita tu dirección de ella (no recibirás más correos nuestros): {{link}}',
  },
  'change-email': {
    subject: 'Confirma tu nueva dirección de correo',
    paragraphs: [
      'La cuenta de Aura con el nombre de usuario {{username}} ha pedido cambiar su correo a {{email}}. El cambio se aplica cuando lo confirmes.',
    ],
    action: 'Confirmar la nueva dirección',
    notMe:
      'No he sido yo: si {{username}} no es tu cuenta, mantén tu dirección fuera de ella: {{link}}',
  },
  'email-change-notice': {
    subject: 'Se está cambiando tu dirección de correo',
    paragraphs: [
      'Alguien con sesión en tu cuenta ha pedido cambiar su correo a {{newEmail}}. El cambio se aplica cuando se confirme la nueva dirección.',
      'Si no has sido tú, restablece tu contraseña ahora: {{resetLink}}',
    ],
  },
  'reset-password': {
    subject: 'Restablece tu contraseña',
    paragraphs: [
      'Usa el enlace para elegir una contraseña nueva. Funciona una vez y caduca en 30 minutos. Al cambiarla se cierran todas tus sesiones.',
    ],
    action: 'Elegir una contraseña nueva',
  },
  'sale-receipt': {
    subject: 'Tu recibo: {{item}}',
    paragraphs: ['Gracias por tu compra de «{{item}}» por {{amount}}.'],
    action: 'Abrir tu compra',
  },
  'sale-notice': {
    subject: 'Nueva venta: {{item}}',
    paragraphs: ['Buenas noticias: alguien ha comprado «{{item}}» por {{amount}}.'],
    action: 'Abrir tu panel',
  },
  'new-subscriber': {
    subject: 'Nuevo suscriptor',
    paragraphs: ['Alguien se ha suscrito a tu nivel {{tier}} por {{amount}}.'],
    action: 'Abrir tu panel',
  },
  'membership-renewed': {
    subject: 'Tu membresía se ha renovado',
    paragraphs: ['Tu membresía con {{creator}} se ha renovado por {{amount}}.'],
    action: 'Abrir tu monedero',
  },
  'membership-payment-failed': {
    subject: 'No se pudo renovar tu membresía',
    paragraphs: [
      'No hemos podido renovar tu membresía {{tier}} con {{creator}}.',
      'Recarga tu monedero o actualiza tu tarjeta y vuelve a suscribirte para mantener el acceso.',
    ],
    action: 'Abrir tu monedero',
  },
  'membership-ended': {
    subject: 'Tu membresía ha terminado',
    paragraphs: [
      'Tu membresía con {{creator}} ha terminado. Puedes volver a suscribirte cuando quieras.',
    ],
    action: 'Visitar a {{creator}}',
  },
  'user-warned': {
    subject: 'Un aviso de los moderadores',
    paragraphs: ['Los moderadores te han enviado un aviso. Motivo: {{reason}}'],
    action: 'Abrir tu panel',
  },
  'user-suspended': {
    subject: 'Tu cuenta está suspendida',
    paragraphs: ['Los moderadores han suspendido tu cuenta. Motivo: {{reason}}'],
  },
  digest: {
    subject: 'Tu resumen de Aura',
    paragraphs: ['Esto es lo nuevo para ti en Aura:', '{{messages}}', '{{comments}}'],
    counts: {
      messages: {
        one: '{{count}} mensaje nuevo sin leer: {{messagesLink}}',
        other: '{{count}} mensajes nuevos sin leer: {{messagesLink}}',
      },
      comments: {
        one: '{{count}} comentario nuevo en tus publicaciones.',
        other: '{{count}} comentarios nuevos en tus publicaciones.',
      },
    },
    action: 'Abrir tu panel',
  },
};

const de: Texts = {
  greeting: 'Hallo {{username}},',
  signature: 'Dein Aura-Team',
  unsubscribe: 'Diese E-Mails abbestellen ({{kind}}): {{link}}',
  ignore: 'Wenn du das nicht angefordert hast, kannst du diese E-Mail ignorieren.',
  'verify-email': {
    subject: 'Bestätige deine E-Mail-Adresse',
    paragraphs: [
      'Mit der Adresse {{email}} wurde ein Aura-Konto mit dem Benutzernamen {{username}} angelegt.',
      'Bitte bestätige, dass {{email}} deine E-Mail-Adresse ist. Der Link funktioniert einmal.',
    ],
    action: 'E-Mail-Adresse bestätigen',
    notMe:
      'Das war ich nicht: Wenn du das Konto {{username}} nicht angelegt hast, entferne deine Adresse daraus (es bekommt dann keine E-Mails mehr von uns): {{link}}',
  },
  'change-email': {
    subject: 'Bestätige deine neue E-Mail-Adresse',
    paragraphs: [
      'Das Aura-Konto mit dem Benutzernamen {{username}} möchte seine E-Mail-Adresse in {{email}} ändern. Die Änderung gilt, sobald du sie bestätigst.',
    ],
    action: 'Neue Adresse bestätigen',
    notMe:
      'Das war ich nicht: Wenn {{username}} nicht dein Konto ist, halte deine Adresse daraus heraus: {{link}}',
  },
  'email-change-notice': {
    subject: 'Deine E-Mail-Adresse wird geändert',
    paragraphs: [
      'Jemand, der in deinem Konto angemeldet ist, möchte die E-Mail-Adresse in {{newEmail}} ändern. Die Änderung gilt, sobald die neue Adresse bestätigt ist.',
      'Wenn du das nicht warst, setze sofort dein Passwort zurück: {{resetLink}}',
    ],
  },
  'reset-password': {
    subject: 'Setze dein Passwort zurück',
    paragraphs: [
      'Über den Link wählst du ein neues Passwort. Er funktioniert einmal und läuft in 30 Minuten ab. Ein neues Passwort meldet dich überall ab.',
    ],
    action: 'Neues Passwort wählen',
  },
  'sale-receipt': {
    subject: 'Deine Quittung: {{item}}',
    paragraphs: ['Danke für deinen Kauf von „{{item}}“ für {{amount}}.'],
    action: 'Deinen Kauf öffnen',
  },
  'sale-notice': {
    subject: 'Neuer Verkauf: {{item}}',
    paragraphs: ['Gute Nachrichten: „{{item}}“ wurde gerade für {{amount}} gekauft.'],
    action: 'Dein Dashboard öffnen',
  },
  'new-subscriber': {
    subject: 'Neues Mitglied',
    paragraphs: ['Jemand hat gerade deine Stufe {{tier}} für {{amount}} abonniert.'],
    action: 'Dein Dashboard öffnen',
  },
  'membership-renewed': {
    subject: 'Deine Mitgliedschaft wurde verlängert',
    paragraphs: ['Deine Mitgliedschaft bei {{creator}} wurde für {{amount}} verlängert.'],
    action: 'Deine Wallet öffnen',
  },
  'membership-payment-failed': {
    subject: 'Deine Mitgliedschaft konnte nicht verlängert werden',
    paragraphs: [
      'Wir konnten deine {{tier}}-Mitgliedschaft bei {{creator}} nicht verlängern.',
      'Lade deine Wallet auf oder aktualisiere deine Karte und abonniere erneut, um den Zugang zu behalten.',
    ],
    action: 'Deine Wallet öffnen',
  },
  'membership-ended': {
    subject: 'Deine Mitgliedschaft ist beendet',
    paragraphs: [
      'Deine Mitgliedschaft bei {{creator}} ist beendet. Du kannst jederzeit wieder abonnieren.',
    ],
    action: '{{creator}} besuchen',
  },
  'user-warned': {
    subject: 'Eine Verwarnung der Moderation',
    paragraphs: ['Die Moderation hat dich verwarnt. Grund: {{reason}}'],
    action: 'Dein Dashboard öffnen',
  },
  'user-suspended': {
    subject: 'Dein Konto ist gesperrt',
    paragraphs: ['Die Moderation hat dein Konto gesperrt. Grund: {{reason}}'],
  },
  digest: {
    subject: 'Deine Aura-Zusammenfassung',
    paragraphs: ['Das ist neu für dich auf Aura:', '{{messages}}', '{{comments}}'],
    counts: {
      messages: {
        one: '{{count}} neue ungelesene Nachricht: {{messagesLink}}',
        other: '{{count}} neue ungelesene Nachrichten: {{messagesLink}}',
      },
      comments: {
        one: '{{count}} neuer Kommentar zu deinen Beiträgen.',
        other: '{{count}} neue Kommentare zu deinen Beiträgen.',
      },
    },
    action: 'Dein Dashboard öffnen',
  },
};

const TEXTS: Record<MailLocale, Texts> = { en, es, de };

const NOTICE_KIND_NAMES: Record<MailLocale, Record<NoticeKind, string>> = {
  en: {
    sales: 'sales',
    subscribers: 'new subscribers',
    digest: 'daily digest',
    receipts: 'receipts',
    memberships: 'memberships',
    moderation: 'moderation notices',
  },
  es: {
    sales: 'ventas',
    subscribers: 'nuevos suscriptores',
    digest: 'resumen diario',
    receipts: 'recibos',
    memberships: 'membresías',
    moderation: 'avisos de moderación',
  },
  de: {
    sales: 'Verkäufe',
    subscribers: 'neue Mitglieder',
    digest: 'tägliche Zusammenfassung',
    receipts: 'Quittungen',
    memberships: 'Mitgliedschaften',
    moderation: 'Hinweise der Moderation',
  },
};

const fill = (text: string, params: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

// One pair per mail language, built once: building them costs more than the formatting.
const countFormattersByLocale = new Map<
  MailLocale,
  { plural: Intl.PluralRules; number: Intl.NumberFormat }
>();
function countFormatters(locale: MailLocale) {
  let formatters = countFormattersByLocale.get(locale);
  if (!formatters) {
    formatters = { plural: new Intl.PluralRules(locale), number: new Intl.NumberFormat(locale) };
    countFormattersByLocale.set(locale, formatters);
  }
  return formatters;
}

/** The params with each count of the template replaced by its phrase in the reader's language. */
function withCountPhrases(
  template: TemplateText,
  locale: MailLocale,
  params: Record<string, string>,
): Record<string, string> {
  if (!template.counts) return params;
  const { plural, number } = countFormatters(locale);
  const out = { ...params };
  for (const [name, phrases] of Object.entries(template.counts)) {
    const count = Number(params[name] ?? 0);
    out[name] =
      Number.isFinite(count) && count > 0
        ? fill(phrases[plural.select(count)] ?? phrases.other, {
            ...params,
            count: number.format(count),
          })
        : '';
  }
  return out;
}

/** Absolute URLs inside a paragraph become links in the HTML part. */
const linkify = (escaped: string) =>
  escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

export interface RenderInput {
  template: MailTemplate;
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
  const texts = TEXTS[input.locale];
  const template = texts[input.template];
  const params = withCountPhrases(template, input.locale, input.params);
  const subject = fill(template.subject, params);
  const paragraphs = [
    fill(texts.greeting, params),
    ...template.paragraphs.map((p) => fill(p, params)).filter((p) => p.trim() !== ''),
  ];
  const action =
    template.action && input.actionUrl
      ? { label: fill(template.action, params), url: input.actionUrl }
      : null;
  const notMe =
    template.notMe && input.notMeUrl
      ? fill(template.notMe, { ...params, link: input.notMeUrl })
      : null;
  const isAccountMail =
    !isNoticeTemplate(input.template) && input.template !== 'email-change-notice';
  const footer: string[] = [];
  if (isAccountMail) footer.push(texts.ignore);
  footer.push(texts.signature);
  const unsubscribe =
    input.unsubscribeUrl && input.kind
      ? fill(texts.unsubscribe, {
          kind: NOTICE_KIND_NAMES[input.locale][input.kind],
          link: input.unsubscribeUrl,
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
    subject,
    text: `${textParts.join('\n\n')}\n`,
    html: `<!doctype html><html lang="${input.locale}"><body>${htmlParts.join('')}</body></html>`,
  };
}
