import type { MailMessage, Mailer } from '../../adapters/mail/mailer';
import type { Clock } from '../../context';
import type { Db } from '../../db/client';
import { withoutSecrets } from './secrets';
import { mailOutbox } from './tables';

/**
 * The embedded `outbox` adapter (issue 16): no mail server; each mail is stored once per job,
 * without its links' secrets (issue 19), and shown to admins at /admin/outbox. Nobody receives
 * it: in development the console prints the mails requests caused, with their working links,
 * for the person at the terminal (the only reader of that console).
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
          ...withoutSecrets(message),
          template: message.template,
          sentAt: opts.clock.now(),
        })),
      )
      .onConflictDoNothing({ target: mailOutbox.jobKey })
      .returning({ key: mailOutbox.jobKey });
  const announce = (message: MailMessage) => {
    const links = [...new Set(message.text.match(/https?:\/\/\S+/g) ?? [])];
    console.info(
      [
        `[aura] mail to ${message.to}: "${message.subject}" (not delivered: no SMTP server)`,
        ...links.map((link) => `  ${link}`),
      ].join('\n'),
    );
  };
  const sendMany = async (messages: readonly MailMessage[]) => {
    const stored = new Set((await store(messages)).map((row) => row.key));
    // The demo seed's mails are not printed: nobody at the terminal asked for them.
    if (opts.announce) {
      for (const m of messages) if (stored.has(m.key) && m.causedByRequest) announce(m);
    }
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
