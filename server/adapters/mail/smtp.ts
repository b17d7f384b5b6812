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

/** The `smtp` mail adapter: nodemailer over one pooled connection set. */
export function createSmtpMailer(options: SmtpOptions): Mailer {
  const transport = options.url
    ? nodemailer.createTransport(options.url)
    : nodemailer.createTransport({
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
