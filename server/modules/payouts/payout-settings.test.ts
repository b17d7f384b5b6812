import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, outboxEvents, payoutSettings, users } from '../../db/schema/index';
import { createTestApp, uniqueName, type TestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';
import { creatorWithItem, validPayoutBody } from '../hub/test-helpers';
import { createPayoutCipher } from './index';

/*
 * Payout settings (issue 15): sealed at rest, never answered or logged in full, every rule
 * checked on the server at its boundary, an omitted number kept, each edit audited by field.
 */

const ACCOUNT = '000123456789';
const ROUTING = '021000021';
const OTHER_ACCOUNT = 'DE44500105175407324931';

let t: TestApp;
const logLines: string[] = [];
let admin: TestUser;
let agency: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'trace' },
    logStream: { write: (line) => void logLines.push(line) },
  });
  admin = await createUser(t, { role: 'admin' });
  agency = await createUser(t, { role: 'agency' });
});
afterAll(() => t.close());

const putHub = (user: TestUser, creatorId: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/hub/payouts/${creatorId}`,
    headers: user.auth,
    payload,
  });

const putOwn = (user: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/payouts/me', headers: user.auth, payload });

async function storedRow(creatorId: string) {
  const [row] = await t.db
    .select()
    .from(payoutSettings)
    .where(eq(payoutSettings.creatorId, creatorId));
  return row;
}

async function payoutEvents(creatorId: string) {
  return t.db
    .select({ data: auditEvents.data, actorId: auditEvents.actorId })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'payout.updated'), eq(auditEvents.subjectId, creatorId)))
    .orderBy(auditEvents.id);
}

async function hubRowOf(creatorId: string, viewer: TestUser = admin) {
  const res = await t.app.inject({ url: '/api/v1/hub/payouts?limit=100', headers: viewer.auth });
  expect(res.statusCode, res.body).toBe(200);
  return {
    body: res.body,
    row: res.json().payouts.find((p: { id: string }) => p.id === creatorId),
  };
}

describe('payout numbers at rest and in answers', () => {
  it('keeps no plain number in the row, answers only the last 4 and logs neither number', async () => {
    const { creator } = await creatorWithItem(t, { displayName: 'Rita Routing' });
    const before = logLines.length;

    const saved = await putHub(admin, creator.user.id, validPayoutBody());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      id: creator.user.id,
      creatorId: creator.user.id,
      creator: 'Rita Routing',
      username: creator.user.username,
      paymentMethod: 'Bank transfer',
      bankName: 'First Test Bank',
      accountNumber: '****6789',
      routingNumber: '****0021',
      currency: 'usd',
      status: 'active',
      autoPayout: true,
      configured: true,
      unreadable: false,
      updatedAt: expect.any(String),
    });

    // The database row, read directly: sealed values only, bound to their key id.
    const row = await storedRow(creator.user.id);
    const rowText = JSON.stringify(row);
    expect(rowText).not.toContain(ACCOUNT);
    expect(rowText).not.toContain(ROUTING);
    expect(row?.accountNumberSealed).toMatch(/^v1\.[0-9a-f]{16}\.[\w-]{16}\.[\w-]+$/);
    expect(row?.routingNumberSealed).toMatch(/^v1\.[0-9a-f]{16}\./);

    // Every answer that shows the setting: the hub list, the creator's own, a refused edit.
    const { body: listBody, row: listed } = await hubRowOf(creator.user.id, agency);
    expect(listed).toMatchObject({ accountNumber: '****6789', routingNumber: '****0021' });
    const own = await t.app.inject({ url: '/api/v1/payouts/me', headers: creator.auth });
    expect(own.json()).toMatchObject({ accountNumber: '****6789', routingNumber: '****0021' });
    const refused = await putHub(
      admin,
      creator.user.id,
      validPayoutBody({ accountNumber: `${ACCOUNT}`, routingNumber: '021000022' }),
    );
    expect(refused.statusCode).toBe(400);
    for (const body of [saved.body, listBody, own.body, refused.body]) {
      expect(body).not.toContain(ACCOUNT);
      expect(body).not.toContain(ROUTING);
    }

    // The audit trail and the outbox name the changed fields, never their values.
    const events = await payoutEvents(creator.user.id);
    expect(events).toEqual([
      {
        actorId: admin.user.id,
        data: {
          creatorId: creator.user.id,
          fields: [
            'paymentMethod',
            'bankName',
            'accountNumber',
            'routingNumber',
            'currency',
            'status',
            'autoPayout',
          ],
        },
      },
    ]);
    const outbox = await t.db
      .select({ data: outboxEvents.data })
      .from(outboxEvents)
      .where(eq(outboxEvents.subjectId, creator.user.id));
    expect(JSON.stringify(outbox)).not.toContain(ACCOUNT);

    // Every log line written meanwhile (at trace level), and there were some.
    const written = logLines.slice(before).join('\n');
    expect(written).toContain('/api/v1/hub/payouts');
    expect(written).not.toContain(ACCOUNT);
    expect(written).not.toContain(ROUTING);
  });

  it('keeps the stored account and routing numbers when they are omitted or empty', async () => {
    const { creator } = await creatorWithItem(t);
    await putHub(admin, creator.user.id, validPayoutBody());
    const sealed = await storedRow(creator.user.id);

    const { accountNumber: _a, routingNumber: _r, ...withoutNumbers } = validPayoutBody();
    const renamed = await putHub(admin, creator.user.id, {
      ...withoutNumbers,
      bankName: 'Second Test Bank',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      bankName: 'Second Test Bank',
      accountNumber: '****6789',
      routingNumber: '****0021',
    });
    const emptied = await putHub(
      admin,
      creator.user.id,
      validPayoutBody({ accountNumber: '', routingNumber: '', bankName: 'Second Test Bank' }),
    );
    expect(emptied.json()).toMatchObject({ accountNumber: '****6789' });
    const after = await storedRow(creator.user.id);
    // Not even re-sealed: the very same sealed values.
    expect(after?.accountNumberSealed).toBe(sealed?.accountNumberSealed);
    expect(after?.routingNumberSealed).toBe(sealed?.routingNumberSealed);

    const changedAccount = await putHub(
      admin,
      creator.user.id,
      validPayoutBody({ accountNumber: OTHER_ACCOUNT, bankName: 'Second Test Bank' }),
    );
    expect(changedAccount.json()).toMatchObject({ accountNumber: '****4931' });

    // One event per real change, naming only what changed; the repeat with empty numbers none.
    const events = await payoutEvents(creator.user.id);
    expect(events.map((e) => e.data.fields)).toEqual([
      expect.arrayContaining(['accountNumber', 'routingNumber']),
      ['bankName'],
      ['accountNumber'],
    ]);
  });
});

describe('payout rules on the server, each at its boundary', () => {
  let creator: TestUser;
  beforeAll(async () => {
    creator = (await creatorWithItem(t)).creator;
    const res = await putHub(admin, creator.user.id, validPayoutBody());
    expect(res.statusCode).toBe(200);
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    ['a non-USD currency', { currency: 'eur' }, 'currency', 'payoutCurrencyUsdOnly'],
    ['a currency in capitals', { currency: 'USD ' }, 'currency', 'payoutCurrencyUsdOnly'],
    ['an unknown status', { status: 'paused' }, 'status', 'payoutStatusInvalid'],
    [
      'a bad routing checksum',
      { routingNumber: '021000022' },
      'routingNumber',
      'payoutRoutingNumberChecksum',
    ],
    [
      'a routing number of 8 digits',
      { routingNumber: '02100002' },
      'routingNumber',
      'payoutRoutingNumberInvalid',
    ],
    [
      'a routing number of 10 digits',
      { routingNumber: '0210000210' },
      'routingNumber',
      'payoutRoutingNumberInvalid',
    ],
    [
      'a routing number with a letter',
      { routingNumber: '02100002a' },
      'routingNumber',
      'payoutRoutingNumberInvalid',
    ],
    [
      'an account number of 3 characters',
      { accountNumber: '123' },
      'accountNumber',
      'payoutAccountNumberInvalid',
    ],
    [
      'an account number of 35 characters',
      { accountNumber: 'A'.repeat(35) },
      'accountNumber',
      'payoutAccountNumberInvalid',
    ],
    [
      'an account number with a dash',
      { accountNumber: '1234-5678' },
      'accountNumber',
      'payoutAccountNumberInvalid',
    ],
    ['no payment method', { paymentMethod: '  ' }, 'paymentMethod', 'payoutPaymentMethodRequired'],
    [
      'a payment method of 101 characters',
      { paymentMethod: 'x'.repeat(101) },
      'paymentMethod',
      'payoutPaymentMethodTooLong',
    ],
    [
      'a bank name of 101 characters',
      { bankName: 'b'.repeat(101) },
      'bankName',
      'payoutBankNameTooLong',
    ],
    ['auto payout as text', { autoPayout: 'yes' }, 'autoPayout', 'payoutAutoPayoutInvalid'],
  ];

  for (const [what, change, field, error] of refusals) {
    it(`refuses ${what} with 400 and changes nothing`, async () => {
      const before = await storedRow(creator.user.id);
      const res = await putHub(admin, creator.user.id, validPayoutBody(change));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error, field });
      expect(await storedRow(creator.user.id)).toEqual(before);
    });
  }

  const accepted: [string, Record<string, unknown>][] = [
    ['an account number of 4 characters', { accountNumber: '1234' }],
    ['an account number of 34 characters', { accountNumber: 'A1'.repeat(17) }],
    ['another valid routing number', { routingNumber: '011000015' }],
    ['a payment method of 100 characters', { paymentMethod: 'p'.repeat(100) }],
    ['an empty bank name', { bankName: '' }],
    ['each status', { status: 'inactive' }],
    ['each status', { status: 'pending' }],
  ];
  for (const [what, change] of accepted) {
    it(`accepts ${what}`, async () => {
      const res = await putHub(admin, creator.user.id, validPayoutBody(change));
      expect(res.statusCode, res.body).toBe(200);
    });
  }

  it('refuses to make a setting active with no account number on file', async () => {
    const fresh = (await creatorWithItem(t)).creator;
    const { accountNumber: _a, ...body } = validPayoutBody();
    const res = await putHub(admin, fresh.user.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'payoutActiveNeedsAccount', field: 'status' });
    expect(await storedRow(fresh.user.id)).toBeUndefined();
    const pending = await putHub(admin, fresh.user.id, { ...body, status: 'pending' });
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toMatchObject({ accountNumber: null, routingNumber: '****0021' });
  });

  it('answers 404 for someone who is not a creator, an unknown id and a non-id', async () => {
    const fan = await createUser(t);
    for (const id of [fan.user.id, '7c1f4ab4-3d2f-4a8e-9f5d-0f9a1b2c3d4e', 'not-an-id']) {
      const res = await putHub(admin, id, validPayoutBody());
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Creator not found' });
    }
    const gone = (await creatorWithItem(t)).creator;
    await t.db.update(users).set({ status: 'deleted' }).where(eq(users.id, gone.user.id));
    expect((await putHub(admin, gone.user.id, validPayoutBody())).statusCode).toBe(404);
  });

  it('refuses a malformed list query and cursor', async () => {
    for (const url of [
      '/api/v1/hub/payouts?limit=0',
      '/api/v1/hub/payouts?limit=101',
      '/api/v1/hub/payouts?cursor=%25%25',
      `/api/v1/hub/payouts?q=${'q'.repeat(101)}`,
    ]) {
      const res = await t.app.inject({ url, headers: admin.auth });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
  });
});

describe('a creator’s own payout settings', () => {
  it('waits as pending until an admin confirms, and again after a number changes', async () => {
    const { creator } = await creatorWithItem(t);
    const { status: _s, ...own } = validPayoutBody();
    const first = await putOwn(creator, { ...own, status: 'active' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'pending', accountNumber: '****6789' });

    await putHub(admin, creator.user.id, validPayoutBody({ accountNumber: '', status: 'active' }));
    const renamed = await putOwn(creator, { ...own, accountNumber: '', bankName: 'Credit Union' });
    expect(renamed.json()).toMatchObject({ status: 'active', bankName: 'Credit Union' });
    const moved = await putOwn(creator, { ...own, accountNumber: OTHER_ACCOUNT });
    expect(moved.json()).toMatchObject({ status: 'pending', accountNumber: '****4931' });

    const events = await payoutEvents(creator.user.id);
    expect(events.map((e) => e.actorId)).toEqual([
      creator.user.id,
      admin.user.id,
      creator.user.id,
      creator.user.id,
    ]);
    expect(events.at(-1)?.data.fields).toEqual(['bankName', 'accountNumber', 'status']);
  });

  it('shows a person with no settings as pending with nothing on file', async () => {
    const fan = await createUser(t, { username: uniqueName('newbie_') });
    const res = await t.app.inject({ url: '/api/v1/payouts/me', headers: fan.auth });
    expect(res.json()).toMatchObject({
      configured: false,
      status: 'pending',
      accountNumber: null,
      routingNumber: null,
      paymentMethod: '',
      currency: 'usd',
      autoPayout: false,
    });
  });

  it('applies the same rules', async () => {
    const fan = await createUser(t);
    const { status: _s, ...own } = validPayoutBody();
    const res = await putOwn(fan, { ...own, routingNumber: '123456789' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'payoutRoutingNumberChecksum',
      field: 'routingNumber',
    });
  });
});

describe('a payout number sealed with a key this server does not have', () => {
  it('marks that row unreadable and answers the rest of the list', async () => {
    const { creator: readable } = await creatorWithItem(t);
    const { creator: lost } = await creatorWithItem(t);
    for (const c of [readable, lost]) {
      const saved = await putHub(admin, c.user.id, validPayoutBody());
      expect(saved.statusCode, saved.body).toBe(200);
    }
    // As after a restore without the key it was sealed with.
    const otherKey = createPayoutCipher({ current: randomBytes(32) });
    await t.db
      .update(payoutSettings)
      .set({ accountNumberSealed: otherKey.seal(ACCOUNT, lost.user.id, 'accountNumber') })
      .where(eq(payoutSettings.creatorId, lost.user.id));

    const lostRow = (await hubRowOf(lost.user.id)).row;
    expect(lostRow).toMatchObject({
      unreadable: true,
      accountNumber: null,
      routingNumber: '****0021',
      configured: true,
    });
    expect((await hubRowOf(readable.user.id)).row).toMatchObject({
      unreadable: false,
      accountNumber: '****6789',
    });
    const own = await t.app.inject({ url: '/api/v1/payouts/me', headers: lost.auth });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ unreadable: true, accountNumber: null });

    // Entering the number again replaces it, sealed with this server's key.
    const fixed = await putHub(
      admin,
      lost.user.id,
      validPayoutBody({ accountNumber: OTHER_ACCOUNT }),
    );
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ unreadable: false, accountNumber: '****4931' });
  });
});
