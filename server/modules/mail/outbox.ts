import type { MailMessage, Mailer } from '../../adapters/mail/mailer';
import type { Clock } from '../../context';
import type { Db } from '../../db/client';
import { mailOutbox } from './tables';

/**
 * The embedded `outbox` adapter (issue 16): no mail server; each mail is stored once per job
 * and shown to admins at /admin/outbox. In development the console says where to read it.
 */
export function createOutboxMailer(opts: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  announce: boolean;
}): Mailer {
  // A retried job's mail is stored once: its key is unique.
  const store = (messages: readonly MailMessage[]) =>
    opts.db
      .insert(mailOutbox)
      .values(
        messages.map((message) => ({
          jobKey: message.key,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: message.headers,
          template: message.template,
          sentAt: opts.clock.now(),
        })),
      )
      .onConflictDoNothing({ target: mailOutbox.jobKey })
      .returning({ key: mailOutbox.jobKey });
  const announce = (message: MailMessage) => {
    const link = /https?:\/\/\S+/.exec(message.text)?.[0];
    console.info(
      `[aura] mail to ${message.to}: "${message.subject}"${link ? ` ${link}` : ''} (outbox: ${opts.publicUrl}/admin/outbox)`,
    );
  };
  const sendMany = async (messages: readonly MailMessage[]) => {
    const stored = new Set((await store(messages)).map((row) => row.key));
    if (opts.announce) for (const m of messages) if (stored.has(m.key)) announce(m);
    return messages.map(() => null);
  };
  return {
    name: 'outbox',
    async send(message: MailMessage) {
      await sendMany([message]);
    },
    sendMany,
    async close() {},
  };
}
