import type { Config } from '../../config';
import type { Mailer } from './mailer';

export type { Mailer, MailMessage } from './mailer';

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
