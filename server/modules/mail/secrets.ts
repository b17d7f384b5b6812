import type { MailMessage } from '../../adapters/mail/mailer';

/*
 * Secrets of mailed links (issue 19): a reset, verification, e-mail change or unsubscribe link
 * acts for its recipient, so nobody else may read it, the admins of the outbox included. The
 * code that builds such a link names its secret (`MailMessage.secrets`); the outbox stores the
 * mail with every secret replaced, so neither its page nor the database holds a working link.
 */

/** What a secret reads as wherever someone other than its recipient sees the mail. */
export const HIDDEN = '[hidden]';

const htmlEscaped = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** `text` with each secret replaced by HIDDEN, as written raw, URL-encoded or HTML-escaped. */
export function hideSecrets(text: string, secrets: readonly string[]): string {
  const spellings = new Set(
    secrets
      .filter((secret) => secret.length > 0)
      .flatMap((secret) => [secret, encodeURIComponent(secret)])
      .flatMap((spelling) => [spelling, htmlEscaped(spelling)]),
  );
  // Longest first: one spelling may contain another.
  let hidden = text;
  for (const spelling of [...spellings].sort((a, b) => b.length - a.length)) {
    hidden = hidden.replaceAll(spelling, HIDDEN);
  }
  return hidden;
}

/**
 * A second line of defence for mails stored before secrets were named (or by code that forgot to
 * name one): the value of every `token` query parameter in a link is hidden.
 */
export const hideTokenParams = (text: string): string =>
  text.replace(/([?&](?:amp;)?token=)[^\s&"'<>]+/gi, `$1${HIDDEN}`);

/** What the outbox keeps of a mail: text, HTML and headers without its secrets. */
export function withoutSecrets(
  message: MailMessage,
): Pick<MailMessage, 'text' | 'html' | 'headers'> {
  const hide = (text: string) => hideTokenParams(hideSecrets(text, message.secrets));
  return {
    text: hide(message.text),
    html: hide(message.html),
    headers: Object.fromEntries(
      Object.entries(message.headers).map(([name, value]) => [name, hide(value)]),
    ),
  };
}
