import { expect } from '@playwright/test';
import { E2E_MAILBOX_PORT } from './env';

interface ArrivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** The mails that reached `address` at the test run's mail server (support/mail-sink.ts). */
async function mailsTo(address: string): Promise<ArrivedMail[]> {
  const res = await fetch(
    `http://127.0.0.1:${E2E_MAILBOX_PORT}/mails?to=${encodeURIComponent(address)}`,
  );
  expect(res.ok).toBe(true);
  return (await res.json()) as ArrivedMail[];
}

/**
 * The path and query of the newest mail's link to `page` sent to `address`, read where its
 * recipient reads it: their mailbox (the admin outbox hides such links, issue 19). Waits for
 * the mail job to deliver it.
 */
export async function linkFromMailbox(address: string, page: string): Promise<string> {
  const pattern = new RegExp(`https?://[^/\\s]+(${page}\\?token=[^\\s\\]]+)`);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const links = (await mailsTo(address))
          .map((mail) => pattern.exec(mail.text)?.[1])
          .filter((found): found is string => found !== undefined);
        link = links[links.length - 1];
        return link;
      },
      { message: `a mail to ${address} with a link to ${page}` },
    )
    .toBeDefined();
  return link!;
}

/**
 * The text of the newest mail to `address` whose subject is `subject` (or matches it); waits for
 * its delivery.
 */
export async function mailTextTo(address: string, subject: string | RegExp): Promise<string> {
  let text: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await mailsTo(address)).filter((mail) =>
          typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject),
        );
        text = mails[mails.length - 1]?.text;
        return text;
      },
      { message: `a mail to ${address} titled ${subject}` },
    )
    .toBeDefined();
  return text!;
}
