import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { jobs } from '../../db/schema/index';
import type { TestApp } from '../../test/app';
import { MAIL_JOB } from './queue';
import { HIDDEN } from './secrets';
import { linkToken } from './tokens';
import { mailOutbox, type MailOutboxRow } from './tables';

/**
 * Runs the mail jobs that are due until none is due or running (the app's own runner may hold
 * one meanwhile: this waits for it by asking the database, not by sleeping a fixed time).
 */
export async function deliverMails(t: TestApp): Promise<void> {
  for (let round = 0; round < 1000; round += 1) {
    await t.container.jobs.runDue();
    const busy = await t.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, MAIL_JOB),
          inArray(jobs.status, ['queued', 'running']),
          lte(jobs.runAt, t.container.clock.now()),
        ),
      )
      .limit(1);
    if (busy.length === 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('mail jobs did not finish');
}

/** Every mail the outbox adapter kept for this address, oldest first (after delivering). */
export async function mailsTo(t: TestApp, address: string): Promise<MailOutboxRow[]> {
  await deliverMails(t);
  return t.db
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.to}) = lower(${address})`)
    .orderBy(asc(mailOutbox.id));
}

/** The newest mail of a template to this address; fails the test when there is none. */
export async function lastMail(
  t: TestApp,
  address: string,
  template: string,
): Promise<MailOutboxRow> {
  const mails = (await mailsTo(t, address)).filter((m) => m.template === template);
  expect(mails.length, `a ${template} mail to ${address}`).toBeGreaterThan(0);
  return mails[mails.length - 1]!;
}

/** The token of the action link in a mail's text as its recipient got it (`...?token=`). */
export function tokenInText(text: string): string {
  const match = /[?&]token=([^\s&"<]+)/.exec(text);
  if (!match) throw new Error(`no token link in: ${text}`);
  return decodeURIComponent(match[1]!);
}

/**
 * The token of a stored link mail's action link, which the outbox keeps hidden (issue 19): made
 * again from its job's token id, as the mail job made it for the recipient's copy.
 */
export function tokenOf(t: TestApp, mail: Pick<MailOutboxRow, 'jobKey' | 'text'>): string {
  const tokenId = /^mail:token:([0-9a-f-]{36})$/.exec(mail.jobKey)?.[1];
  if (!tokenId) throw new Error(`not a link mail: ${mail.jobKey}`);
  const token = linkToken(t.container.keys['mail-links'], tokenId);
  expect(mail.text).toContain(`?token=${HIDDEN}`);
  return token;
}

/** Verifies the account's address by its mailed link, as its owner would. */
export async function verifyByMail(t: TestApp, address: string): Promise<void> {
  const token = tokenOf(t, await lastMail(t, address, 'verify-email'));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/verify-email',
    payload: { token },
  });
  expect(res.statusCode, res.body).toBe(200);
}
