import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

export interface SmtpOptions {
  /** smtp://user:pass@host:587 or smtps://host:465; wins over the separate fields. */
  url?: string;
  host?: string;
  port: number;
  /** Implicit TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
  /** Refuse to send without TLS (STARTTLS required). */
  requireTls: boolean;
}

/**
 * The `smtp` mail adapter: nodemailer over one pooled connection set. Pooled, a connection carries
 * many mails: a connection per mail (nodemailer's default) capped sending at about 9 mails a
 * second on loopback, under the new-post mails' default pace (bench/newsletter.ts).
 */
export function createSmtpMailer(options: SmtpOptions): Mailer {
  const transport = options.url
    ? nodemailer.createTransport({ url: options.url, pool: true })
    : nodemailer.createTransport({
        pool: true,
        host: options.host,
        port: options.port,
        secure: options.secure,
        requireTLS: options.requireTls,
        ...(options.user ? { auth: { user: options.user, pass: options.password ?? '' } } : {}),
      });
  return {
    name: 'smtp',
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      });
    },
    async close() {
      transport.close();
    },
  };
}
