import { afterEach, describe, expect, it, vi } from 'vitest';
import { systemMeta } from '../../events/record';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../auth/test-helpers';
import { queueMail } from './queue';
import { HIDDEN } from './secrets';
import { deliverMails, lastMail, tokenOf } from './test-helpers';

/*
 * Without a mail server (issue 19) the developer at the terminal gets the links people ask for
 * from the console, which only the operator reads; the demo seed's mails are not printed, and a
 * production server prints none (its outbox hides the links from admins too).
 */

const printed = () =>
  (vi.mocked(console.info).mock.calls as unknown[][]).map((call) => call.join(' ')).join('\n');

afterEach(() => vi.restoreAllMocks());

async function withApp(nodeEnv: string, test: (t: TestApp) => Promise<void>) {
  // Its own database: another file's job runner would deliver (and print) these mails.
  const t = await createTestApp({ ownDatabase: true, env: { NODE_ENV: nodeEnv } });
  try {
    await deliverMails(t);
    vi.spyOn(console, 'info').mockImplementation(() => {});
    await test(t);
  } finally {
    await t.close();
  }
}

// Each test starts an app on a database of its own (about 10 s on a loaded 2-core machine).
describe('the development console', { timeout: 90_000 }, () => {
  it('prints the mails requests cause with their working links, and not the others', async () => {
    await withApp('development', async (t) => {
      const account = await signUp(t);
      const quiet = await signUp(t);
      await deliverMails(t);
      vi.mocked(console.info).mockClear();
      // As the demo seed queues them: no request behind it.
      await t.db.transaction((tx) =>
        queueMail(
          tx,
          { template: 'user-warned', userId: quiet.user.id, params: { reason: 'Seeded' } },
          `dev-console:${quiet.user.id}`,
          systemMeta(new Date()),
        ),
      );
      await deliverMails(t);
      expect(printed()).toBe('');

      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        payload: { email: account.fields.email },
      });
      await deliverMails(t);
      const reset = await lastMail(t, account.fields.email, 'reset-password');
      expect(printed()).toContain(`mail to ${account.fields.email}`);
      expect(printed()).toContain(`/reset-password?token=${tokenOf(t, reset)}`);
      // The stored copy, which admins read, still hides it.
      expect(reset.text).toContain(HIDDEN);
    });
  });

  it('prints nothing in production', async () => {
    await withApp('production', async (t) => {
      const account = await signUp(t);
      await deliverMails(t);
      expect(await lastMail(t, account.fields.email, 'verify-email')).toBeDefined();
      expect(printed()).toBe('');
    });
  });
});
