import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, ledgerEntries, subscriptions } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createItem, createUser, type TestUser } from '../../test/factories';
import { canViewItem } from '../access/index';
import { runRenewals } from '../billing/index';
import { manualClock } from '../billing/test-helpers';

const clock = manualClock('2032-05-10T12:00:00.000Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => t.close());

/** Sign-in tokens expire as the clock moves on: a fresh one for the moved clock. */
async function fresh(u: TestUser): Promise<TestUser> {
  const token = await t.tokens.issue(u.user);
  return { ...u, token, auth: { authorization: `Bearer ${token}` } };
}

const comp = (user: TestUser | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/creator/members/comp',
    headers: user?.auth ?? {},
    payload: payload as Record<string, unknown>,
  });

const subscriptionsOf = async (fan: TestUser) =>
  (
    await t.app.inject({ url: '/api/v1/billing/subscriptions', headers: (await fresh(fan)).auth })
  ).json<{ subscriptions: Record<string, unknown>[] }>().subscriptions;

const membersOf = async (creator: TestUser) => {
  const res = await t.app.inject({
    url: '/api/v1/creator/members',
    headers: (await fresh(creator)).auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ members: Record<string, unknown>[]; total: number }>();
};

describe('complimentary memberships', () => {
  it('cost nothing, show as complimentary to both sides, are audited and end by themselves', async () => {
    clock.set('2032-05-10T12:00:00.000Z');
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const item = await createItem(t, creator, { priceCents: 0, tierRequired: 'Hypr' });

    const given = await comp(creator, { email: fan.user.email, tier: 'Hypr', months: 2 });
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json()).toMatchObject({
      userId: fan.user.id,
      username: fan.user.username,
      tier: 'Hypr',
      periodEnd: '2032-07-10T12:00:00.000Z',
    });
    const viewer = { id: fan.user.id, role: fan.user.role };
    expect(await canViewItem(t.db, viewer, item, clock.now())).toBe(true);
    expect(await subscriptionsOf(fan)).toEqual([
      expect.objectContaining({
        tier: 'Hypr',
        status: 'active',
        priceCents: 0,
        isComplimentary: true,
        isActive: true,
        cancelAtPeriodEnd: true,
      }),
    ]);
    expect((await membersOf(creator)).members).toEqual([
      expect.objectContaining({ userId: fan.user.id, status: 'complimentary', tier: 'Hypr' }),
    ]);
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'membership.comp_granted'),
          eq(auditEvents.actorId, creator.user.id),
        ),
      );
    expect(audit?.data).toMatchObject({ fanId: fan.user.id, months: 2, via: 'creator' });

    // Already a member: a second one is refused and nothing changes.
    const again = await comp(creator, { userId: fan.user.id, tier: 'HyprSoul', months: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_member' });

    // At its end the renewal job ends it, and charges nothing.
    clock.set('2032-07-10T12:00:01.000Z');
    await runRenewals(t.db, t.config, clock.now());
    await runRenewals(t.db, t.config, clock.now(), false);
    expect(await canViewItem(t.db, viewer, item, clock.now())).toBe(false);
    const rows = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, fan.user.id));
    expect(rows).toEqual([expect.objectContaining({ status: 'canceled', provider: 'comp' })]);
    const money = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, creator.user.id));
    expect(money).toEqual([]);
    const ended = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'membership.ended'), eq(auditEvents.subjectId, rows[0]!.id)),
      );
    expect(ended).toHaveLength(1);
    expect((await membersOf(creator)).members).toEqual([
      expect.objectContaining({ userId: fan.user.id, status: 'former_member' }),
    ]);
  });

  it('refuses bad input, unknown people and oneself with a 4xx, changing nothing', async () => {
    clock.set('2032-05-10T12:00:00.000Z');
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const cases: [unknown, number, string?][] = [
      [{ email: fan.user.email, tier: 'Aura', months: 1 }, 400],
      [{ email: fan.user.email, tier: 'Hypr', months: 0 }, 400],
      [{ email: fan.user.email, tier: 'Hypr', months: 25 }, 400],
      [{ email: fan.user.email, tier: 'Hypr', months: 1.5 }, 400],
      [{ tier: 'Hypr', months: 1 }, 400],
      [{ email: fan.user.email, userId: fan.user.id, tier: 'Hypr', months: 1 }, 400],
      [{ email: 'not an address', tier: 'Hypr', months: 1 }, 400],
      [{ userId: 'nope', tier: 'Hypr', months: 1 }, 400],
      [{ email: 'nobody@example.test', tier: 'Hypr', months: 1 }, 404, 'member_not_found'],
      [{ userId: crypto.randomUUID(), tier: 'Hypr', months: 1 }, 404, 'member_not_found'],
      [{ userId: creator.user.id, tier: 'Hypr', months: 1 }, 400, 'comp_self'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await comp(creator, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      if (code) expect(res.json()).toMatchObject({ code });
    }
    const rows = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.creatorId, creator.user.id));
    expect(rows).toEqual([]);
  });

  it('is for creators only: 401 signed out, 403 for a fan', async () => {
    const fan = await createUser(t);
    const other = await createUser(t);
    const body = { email: other.user.email, tier: 'Hypr', months: 1 };
    expect((await comp(null, body)).statusCode).toBe(401);
    expect((await comp(fan, body)).statusCode).toBe(403);
    for (const url of ['/api/v1/creator/members', '/api/v1/creator/members.csv']) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
      expect((await t.app.inject({ url, headers: fan.auth })).statusCode).toBe(403);
    }
  });
});

describe('member CSV export', () => {
  it('lists followers and members, with e-mails only by consent and formulas defused', async () => {
    clock.set('2032-05-10T12:00:00.000Z');
    const creator = await createUser(t, { role: 'creator' });
    const sharing = await createUser(t, { displayName: 'Ana "the fan", Jr.' });
    const private_ = await createUser(t, { displayName: '=HYPERLINK("http://evil.test","x")' });
    const outsider = await createUser(t, { shareEmailWithCreators: true });
    const consent = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/profile',
      headers: sharing.auth,
      payload: { shareEmailWithCreators: true },
    });
    expect(consent.statusCode, consent.body).toBe(200);
    expect(consent.json()).toMatchObject({ shareEmailWithCreators: true });
    for (const fan of [sharing, private_]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/creator/${creator.user.username}/follow`,
        headers: fan.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(
      (await comp(creator, { userId: private_.user.id, tier: 'HyprSoul', months: 1 })).statusCode,
    ).toBe(201);

    const res = await t.app.inject({ url: '/api/v1/creator/members.csv', headers: creator.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('members.csv');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('username,display_name,email,tier,status,member_since,paid_eur,paid_usd');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(4);
    const sharingLine = lines.find((l) => l.startsWith(`"${sharing.user.username}"`));
    expect(sharingLine).toBe(
      `"${sharing.user.username}","Ana ""the fan"", Jr.","${sharing.user.email}","","follower",` +
        `"${new Date('2032-05-10T12:00:00.000Z').toISOString()}","0.00","0.00"`,
    );
    const privateLine = lines.find((l) => l.startsWith(`"${private_.user.username}"`));
    expect(privateLine).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(privateLine).toContain('"","HyprSoul","complimentary"');
    expect(res.body).not.toContain(private_.user.email);
    expect(res.body).not.toContain(outsider.user.username);

    // Consent taken back: the address leaves the export.
    await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/profile',
      headers: sharing.auth,
      payload: { shareEmailWithCreators: false },
    });
    const after = await t.app.inject({ url: '/api/v1/creator/members.csv', headers: creator.auth });
    expect(after.body).not.toContain(sharing.user.email);
  });

  it('keeps the e-mail consent off for a new account', async () => {
    const fan = await createUser(t);
    const res = await t.app.inject({ url: '/api/v1/users/profile', headers: fan.auth });
    expect(res.json()).toMatchObject({ shareEmailWithCreators: false });
  });
});
