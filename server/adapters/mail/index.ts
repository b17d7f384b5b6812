import type { Config } from '../../config';
import type { Mailer } from './mailer';

export type { Mailer, MailMessage } from './mailer';

/**
 * Production without an SMTP server (issue 19): mails go to the embedded outbox and reach
 * nobody, so nobody can verify an address or reset a password. The start log warns, and the
 * admin outbox page says so.
 */
export const isMailUndelivered = (config: Pick<Config, 'isProduction' | 'mailTransport'>) =>
  config.isProduction && config.mailTransport === 'outbox';

/**
 * The SMTP adapter from configuration; null when mails go to the embedded outbox. Its library is
 * loaded only then (issue 17: start-up time).
 */
export async function createSmtpMailerFromConfig(config: Config): Promise<Mailer | null> {
  if (config.mailTransport !== 'smtp') return null;
  const { createSmtpMailer } = await import('./smtp');
  return createSmtpMailer({
    url: config.SMTP_URL,
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    secure: config.SMTP_SECURE,
    user: config.SMTP_USER,
    password: config.SMTP_PASSWORD,
    from: config.MAIL_FROM,
    requireTls: config.SMTP_REQUIRE_TLS,
  });
}
