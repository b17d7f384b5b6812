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
  return {
    name: 'outbox',
    async send(message: MailMessage) {
      const inserted = await opts.db
        .insert(mailOutbox)
        .values({
          jobKey: message.key,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: message.headers,
          template: message.template,
          sentAt: opts.clock.now(),
        })
        .onConflictDoNothing({ target: mailOutbox.jobKey })
        .returning({ id: mailOutbox.id });
      if (opts.announce && inserted.length > 0) {
        const link = /https?:\/\/\S+/.exec(message.text)?.[0];
        console.info(
          `[aura] mail to ${message.to}: "${message.subject}"${link ? ` ${link}` : ''} (outbox: ${opts.publicUrl}/admin/outbox)`,
        );
      }
    },
    async close() {},
  };
}
