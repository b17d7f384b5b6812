import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, subscriptions } from '../db/schema/index';
import { manualClock, payLocal, startCheckout } from '../modules/billing/test-helpers';
import { createTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/factories';
import { RENEWALS_JOB } from './membership-renewals';

// Two app instances on one PostgreSQL database, as behind a load balancer; each schedules the
// renewal job. CI sets TEST_DATABASE_URL (see .ci/run); on PGlite one process owns the data.
const databaseUrl = process.env.TEST_DATABASE_URL ?? '';

describe.runIf(databaseUrl)('membership renewals across two instances', () => {
  const clock = manualClock('2032-01-10T12:00:00.000Z');
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestApp({ clock }), createTestApp({ clock })]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('charges a due renewal once when both instances run the job at the same moment', async () => {
    const fan = await createUser(a);
    const creator = await createUser(a, { role: 'creator' });
    const session = await startCheckout(a, fan, {
      tier: 'Hypr',
      price: '5',
      creatorId: creator.user.id,
    });
    expect((await payLocal(a, session.id)).statusCode).toBe(200);
    clock.advanceDays(32);

    const results = await Promise.all([
      a.container.jobs.runPeriodic(RENEWALS_JOB),
      b.container.jobs.runPeriodic(RENEWALS_JOB),
      a.container.jobs.runPeriodic(RENEWALS_JOB),
      b.container.jobs.runPeriodic(RENEWALS_JOB),
    ]);
    expect(results.some((r) => r.ran)).toBe(true);

    const [sub] = await a.db
      .select()
      .from(subscriptions)
      .where(
        and(eq(subscriptions.userId, fan.user.id), eq(subscriptions.creatorId, creator.user.id)),
      );
    const renewals = await a.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.subscriptionId, sub!.id), eq(ledgerEntries.kind, 'membership')));
    // The first month's payment plus exactly one renewal.
    expect(renewals).toHaveLength(2);
  });
});
