import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PayoutProvider } from '../../adapters/payouts/index';
import {
  auditEvents,
  ledgerEntries,
  payoutRuns,
  payoutSettings,
  payoutTransfers,
  users,
} from '../../db/schema/index';
import { createTestApp, uniqueName, type TestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';
import { manualClock, payLocal, startCheckout } from '../billing/test-helpers';
import { bookEarningsEntry } from '../billing/test-helpers';
import { creatorWithItem, validPayoutBody } from '../hub/test-helpers';
import { SOON } from '../../test/waits';
import { createPayoutCipher } from './index';

/*
 * Payout runs (issue 15): each due creator's payable balance (earnings minus payouts) is booked
 * once per currency and run; a repeated Idempotency-Key books nothing and answers the same
 * summary. Assertions look only at this file's creators: a run pays every due creator.
 */

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const run = (key: string, user: TestUser = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/hub/payouts/run',
    headers: { ...user.auth, 'idempotency-key': key },
  });

async function setPayout(creatorId: string, change: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/hub/payouts/${creatorId}`,
    headers: admin.auth,
    payload: validPayoutBody(change),
  });
  expect(res.statusCode, res.body).toBe(200);
}

const payoutEntries = (creatorId: string) =>
  t.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, creatorId), eq(ledgerEntries.kind, 'payout')))
    .orderBy(ledgerEntries.currency);

const mine = <T extends { creatorId: string }>(rows: T[], ids: string[]) =>
  rows.filter((row) => ids.includes(row.creatorId));

describe('POST /api/v1/hub/payouts/run', () => {
  it('books each due creator’s balance once per currency; the same key books nothing again', async () => {
    // A sells an item (EUR) and a membership (USD) through the real local checkout.
    const a = await creatorWithItem(t, { displayName: 'Ada Auto', priceCents: 1000 });
    const fan = await createUser(t);
    for (const body of [
      { tier: a.item.title, price: '10.00', productId: a.item.id },
      { tier: 'Hypr', price: '5', creatorId: a.creator.user.id },
    ]) {
      const session = await startCheckout(t, fan, body);
      expect((await payLocal(t, session.id)).statusCode).toBe(200);
    }
    // Others with earnings who are not due: auto payout off, payout inactive, account suspended,
    // e-mail address never verified (issue 16).
    const notDue = await Promise.all([
      creatorWithItem(t),
      creatorWithItem(t),
      creatorWithItem(t),
      creatorWithItem(t),
    ]);
    await setPayout(notDue[0]!.creator.user.id, { autoPayout: false });
    await setPayout(notDue[1]!.creator.user.id, { status: 'inactive' });
    await setPayout(notDue[2]!.creator.user.id);
    await t.db
      .update(users)
      .set({ status: 'suspended' })
      .where(eq(users.id, notDue[2]!.creator.user.id));
    await setPayout(notDue[3]!.creator.user.id);
    await t.db
      .update(users)
      .set({ emailVerifiedAt: null })
      .where(eq(users.id, notDue[3]!.creator.user.id));
    for (const { creator } of notDue) {
      await bookEarningsEntry(t, {
        creatorId: creator.user.id,
        grossCents: 2000,
        currency: 'eur',
        at: new Date(),
      });
    }
    // Due but with nothing earned.
    const idle = await creatorWithItem(t);
    await setPayout(idle.creator.user.id);
    await setPayout(a.creator.user.id);
    const ids = [a, idle, ...notDue].map((c) => c.creator.user.id);

    const key = uniqueName('run-');
    const first = await run(key);
    expect(first.statusCode, first.body).toBe(200);
    const summary = first.json();
    expect(summary).toMatchObject({ replayed: false, provider: 'local' });
    // Net of the 10% fee: 10.00 EUR -> 9.00, 5.00 USD -> 4.50; each currency apart.
    expect(mine(summary.transfers, ids)).toEqual([
      {
        creatorId: a.creator.user.id,
        creator: 'Ada Auto',
        currency: 'eur',
        amountCents: 900,
        status: 'queued',
      },
      {
        creatorId: a.creator.user.id,
        creator: 'Ada Auto',
        currency: 'usd',
        amountCents: 450,
        status: 'queued',
      },
    ]);

    const again = await run(key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...summary, replayed: true });
    const entries = await payoutEntries(a.creator.user.id);
    expect(entries.map((e) => [e.currency, e.amountCents, e.ref])).toEqual([
      ['eur', -900, `payout:${summary.runId}:${a.creator.user.id}:eur`],
      ['usd', -450, `payout:${summary.runId}:${a.creator.user.id}:usd`],
    ]);
    for (const id of ids.slice(1)) expect(await payoutEntries(id)).toEqual([]);

    // A new run finds nothing left to pay them.
    const next = (await run(uniqueName('run-'))).json();
    expect(mine(next.transfers, ids)).toEqual([]);
    expect(await payoutEntries(a.creator.user.id)).toHaveLength(2);

    // What the creator earned is unchanged by being paid.
    const dashboard = await t.app.inject({ url: '/api/v1/dashboard', headers: a.creator.auth });
    expect(dashboard.json().earnings.byCurrency).toEqual([
      { currency: 'eur', currentMonthCents: 900, totalCents: 900 },
      { currency: 'usd', currentMonthCents: 450, totalCents: 450 },
    ]);

    // The provider job sends each payout once; the run and its sending are audited.
    await t.container.jobs.runDue();
    await vi.waitFor(async () => {
      const sent = await t.db
        .select()
        .from(payoutTransfers)
        .where(eq(payoutTransfers.runId, summary.runId));
      expect(mine(sent, ids).map((s) => [s.status, s.providerRef?.slice(0, 9)])).toEqual([
        ['sent', 'po_local_'],
        ['sent', 'po_local_'],
      ]);
    }, SOON);
    const [booked] = await t.db
      .select({ data: auditEvents.data, actorId: auditEvents.actorId })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'payout.run_booked'), eq(auditEvents.subjectId, summary.runId)),
      );
    expect(booked).toMatchObject({ actorId: admin.user.id, data: { runId: summary.runId } });

    // The CSV export: one line per transfer, the account masked.
    const csv = await t.app.inject({
      url: `/api/v1/hub/payouts/runs/${summary.runId}/export`,
      headers: admin.auth,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="payout-run-${summary.runId}.csv"`,
    );
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'run_id,run_at,creator_id,username,creator,currency,amount,amount_cents,status,provider,provider_ref,payment_method,bank_name,account',
    );
    const adaLines = lines.filter((line) => line.includes(a.creator.user.id));
    expect(adaLines).toHaveLength(2);
    expect(adaLines[0]).toContain('"Ada Auto","EUR","9.00","900","sent","local","po_local_');
    expect(adaLines[0]).toContain('"Bank transfer","First Test Bank","****6789"');
    expect(csv.body).not.toContain('000123456789');

    // An account number sealed with a key this server lacks is marked, not a failed export.
    await t.db
      .update(payoutSettings)
      .set({
        accountNumberSealed: createPayoutCipher({ current: randomBytes(32) }).seal(
          '000123456789',
          a.creator.user.id,
          'accountNumber',
        ),
      })
      .where(eq(payoutSettings.creatorId, a.creator.user.id));
    const marked = await t.app.inject({
      url: `/api/v1/hub/payouts/runs/${summary.runId}/export`,
      headers: admin.auth,
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const markedLines = marked.body.split('\r\n').filter((l) => l.includes(a.creator.user.id));
    expect(markedLines[0]).toContain('"First Test Bank","unreadable"');

    // The list of runs shows both, newest first.
    const runs = await t.app.inject({ url: '/api/v1/hub/payouts/runs', headers: admin.auth });
    const listed = runs.json().runs.map((r: { runId: string }) => r.runId);
    expect(listed.indexOf(next.runId)).toBeLessThan(listed.indexOf(summary.runId));
  });

  it('lets only one of two runs started together pay a balance', async () => {
    const { creator } = await creatorWithItem(t);
    await setPayout(creator.user.id);
    await bookEarningsEntry(t, {
      creatorId: creator.user.id,
      grossCents: 3000,
      currency: 'usd',
      kind: 'membership',
      at: new Date(),
    });
    const results = await Promise.all([run(uniqueName('race-')), run(uniqueName('race-'))]);
    const paid = results.flatMap((res) => mine(res.json().transfers, [creator.user.id]));
    expect(paid).toEqual([expect.objectContaining({ currency: 'usd', amountCents: 2700 })]);
    expect(await payoutEntries(creator.user.id)).toHaveLength(1);
  });

  it('keeps CSV cells from running as spreadsheet formulas', async () => {
    const { creator } = await creatorWithItem(t, { displayName: '=HYPERLINK("http://x")' });
    await setPayout(creator.user.id, { paymentMethod: '+wire', bankName: '@bank' });
    await bookEarningsEntry(t, {
      creatorId: creator.user.id,
      grossCents: 1000,
      currency: 'eur',
      at: new Date(),
    });
    const { runId } = (await run(uniqueName('csv-'))).json();
    const csv = await t.app.inject({
      url: `/api/v1/hub/payouts/runs/${runId}/export`,
      headers: admin.auth,
    });
    const line = csv.body.split('\r\n').find((l) => l.includes(creator.user.id));
    expect(line).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(line).toContain(`"'+wire","'@bank"`);
  });

  it('refuses a missing or malformed Idempotency-Key and records no run', async () => {
    const badKeys = ['bad key', 'k'.repeat(101)];
    for (const headers of [{}, ...badKeys.map((key) => ({ 'idempotency-key': key }))]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/hub/payouts/run',
        headers: { ...admin.auth, ...headers },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'Idempotency-Key' });
    }
    const recorded = await t.db
      .select({ id: payoutRuns.id })
      .from(payoutRuns)
      .where(inArray(payoutRuns.idempotencyKey, badKeys));
    expect(recorded).toEqual([]);
  });

  it('answers 404 for the export of an unknown run', async () => {
    for (const id of ['2b1e6f0a-8c1d-4f3e-9a2b-7c6d5e4f3a2b', 'nope']) {
      const res = await t.app.inject({
        url: `/api/v1/hub/payouts/runs/${id}/export`,
        headers: admin.auth,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Payout run not found' });
    }
  });
});

describe('a payout the provider refuses', () => {
  it('is retried with backoff, then marked failed and credited back to the creator', async () => {
    const clock = manualClock('2030-03-04T10:00:00Z');
    const refusing: PayoutProvider = {
      name: 'local',
      async send() {
        throw new Error('destination account closed');
      },
    };
    const f = await createTestApp({ clock, overrides: { payouts: refusing } });
    try {
      const fAdmin = await createUser(f, { role: 'admin' });
      const { creator } = await creatorWithItem(f);
      const put = await f.app.inject({
        method: 'PUT',
        url: `/api/v1/hub/payouts/${creator.user.id}`,
        headers: fAdmin.auth,
        payload: validPayoutBody(),
      });
      expect(put.statusCode).toBe(200);
      await bookEarningsEntry(f, {
        creatorId: creator.user.id,
        grossCents: 5000,
        currency: 'eur',
        at: clock.now(),
      });
      const res = await f.app.inject({
        method: 'POST',
        url: '/api/v1/hub/payouts/run',
        headers: { ...fAdmin.auth, 'idempotency-key': uniqueName('refused-') },
      });
      const { runId } = res.json();
      const transfer = async () =>
        (
          await f.db
            .select()
            .from(payoutTransfers)
            .where(
              and(
                eq(payoutTransfers.runId, runId),
                inArray(payoutTransfers.creatorId, [creator.user.id]),
              ),
            )
        )[0]!;
      // Five attempts, each due after its backoff on the moved clock.
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        await f.container.jobs.runDue();
        clock.advanceDays(1);
      }
      await vi.waitFor(async () => expect((await transfer()).status).toBe('failed'), SOON);
      expect((await transfer()).lastError).toBe('destination account closed');

      const entries = await f.db
        .select({ amountCents: ledgerEntries.amountCents, ref: ledgerEntries.ref })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, creator.user.id), eq(ledgerEntries.kind, 'payout')))
        .orderBy(ledgerEntries.id);
      const ref = `payout:${runId}:${creator.user.id}:eur`;
      expect(entries).toEqual([
        { amountCents: -4500, ref },
        { amountCents: 4500, ref: `${ref}:reversal` },
      ]);
      const [failed] = await f.db
        .select({ data: auditEvents.data })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, 'payout.transfer_failed'),
            eq(auditEvents.subjectId, creator.user.id),
          ),
        );
      expect(failed?.data).toMatchObject({
        runId,
        amountCents: 4500,
        currency: 'eur',
        attempts: 5,
      });
    } finally {
      await f.close();
    }
  });
});
