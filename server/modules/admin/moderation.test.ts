import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishedEvent } from '../../../common/events';
import { DEFAULT_WARNING_REASON, Warning } from '../../../common/schemas/admin';
import { auditEvents, warnings } from '../../db/schema/index';
import { createItem, createUser, grantPurchase, type TestUser } from '../../test/factories';
import { fetchMedia, publishItem } from '../items/test-helpers';
import { createMediaTestApp, type MediaTestApp } from '../media/test-helpers';
import { systemMeta } from '../../events/record';
import { issueWarning } from './index';
import { auditOf, fileReportFor, inject } from './test-helpers';

let t: MediaTestApp;
let moderator: TestUser;
let admin: TestUser;
beforeAll(async () => {
  // Its own database: its feed pages must not be crowded by other files' items.
  t = await createMediaTestApp({ ownDatabase: true });
  moderator = await createUser(t, { role: 'moderator' });
  admin = await createUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const creator = () => createUser(t, { role: 'creator' });

/**
 * Every audit row `actor` caused but its own sign-up (test/factories.ts): staff accounts are
 * fresh per test, so this is one test's.
 */
async function auditBy(actor: TestUser) {
  return t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.actorId, actor.user.id), ne(auditEvents.action, 'account.created')))
    .orderBy(auditEvents.id);
}

const feedIds = async (who: TestUser) => {
  const res = await inject(t, who, 'GET', '/api/v1/feed?limit=50');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().posts as { id: number }[]).map((p) => p.id);
};

const profileItemIds = async (who: TestUser, userId: string) => {
  const res = await inject(t, who, 'GET', `/api/v1/users/${userId}`);
  return res.statusCode === 200 ? (res.json().content as { id: number }[]).map((c) => c.id) : null;
};

const checkout = (who: TestUser, item: { id: number; title: string }) =>
  inject(t, who, 'POST', '/v1/billing/create-checkout-session', {
    tier: item.title,
    price: '9.99',
    productId: item.id,
  });

describe('POST /api/users/{id}/warn and /api/content/{id}/warn', () => {
  it('warns a user with the reason given, or the default one', async () => {
    const fan = await createUser(t);
    const given = await inject(t, moderator, 'POST', `/api/users/${fan.user.id}/warn`, {
      reason: '  Insults in comments  ',
    });
    expect(given.statusCode, given.body).toBe(201);
    const warning = Warning.parse(given.json().warning);
    expect(warning).toMatchObject({
      user: fan.user.username,
      userId: fan.user.id,
      reason: 'Insults in comments',
      itemId: null,
      issuedBy: moderator.user.username,
    });

    // No body at all (SPEC §7: "none shown"), an empty body and a blank reason: the default.
    const noBody = await t.app.inject({
      method: 'POST',
      url: `/api/users/${fan.user.id}/warn`,
      headers: moderator.auth,
    });
    expect(noBody.statusCode, noBody.body).toBe(201);
    expect(noBody.json().warning.reason).toBe(DEFAULT_WARNING_REASON);
    for (const payload of [{}, { reason: '   ' }]) {
      const res = await inject(t, moderator, 'POST', `/api/users/${fan.user.id}/warn`, payload);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().warning.reason).toBe(DEFAULT_WARNING_REASON);
    }
  });

  it('refuses a reason over 500 characters and writes nothing', async () => {
    const fan = await createUser(t);
    const res = await inject(t, moderator, 'POST', `/api/users/${fan.user.id}/warn`, {
      reason: 'x'.repeat(501),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('reason');
    const stored = await t.db.select().from(warnings).where(eq(warnings.userId, fan.user.id));
    expect(stored).toEqual([]);
    expect(await auditOf(t, fan.user.id, 'user.warned')).toEqual([]);

    const atLimit = await inject(t, moderator, 'POST', `/api/users/${fan.user.id}/warn`, {
      reason: 'y'.repeat(500),
    });
    expect(atLimit.statusCode, atLimit.body).toBe(201);
  });

  it('answers 404 for unknown users and items, 400 for bad input, and nobody warns themselves', async () => {
    const deleted = await createUser(t, { status: 'deleted' });
    for (const url of [
      '/api/users/00000000-0000-4000-8000-000000000000/warn',
      '/api/users/not-a-uuid/warn',
      `/api/users/${deleted.user.id}/warn`,
      '/api/content/999999999/warn',
      '/api/content/abc/warn',
      '/api/content/0/warn',
    ]) {
      const res = await inject(t, moderator, 'POST', url, {});
      expect(res.statusCode, url).toBe(404);
      expect(typeof res.json().error).toBe('string');
    }
    const fan = await createUser(t);
    const badType = await inject(t, moderator, 'POST', `/api/users/${fan.user.id}/warn`, {
      reason: 42,
    });
    expect(badType.statusCode).toBe(400);
    const self = await inject(t, moderator, 'POST', `/api/users/${moderator.user.id}/warn`, {});
    expect(self.statusCode).toBe(400);
  });

  it('warns an item’s creator with a link to the item', async () => {
    const owner = await creator();
    const item = await createItem(t, owner, { title: 'Loud loop' });
    const res = await inject(t, moderator, 'POST', `/api/content/${item.id}/warn`, {
      reason: 'Misleading title',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().warning).toMatchObject({
      userId: owner.user.id,
      itemId: item.id,
      itemTitle: 'Loud loop',
      reason: 'Misleading title',
    });
    const list = await inject(t, moderator, 'GET', `/api/content?q=Loud%20loop`);
    expect(list.json().items.find((i: { id: number }) => i.id === item.id)?.warnings).toBe(1);
  });

  it('writes the warning and its audit event together or not at all', async () => {
    const fan = await createUser(t);
    const failed = t.db.transaction(async (tx) => {
      await issueWarning(
        tx,
        { userId: fan.user.id, itemId: null, reason: 'Rolled back' },
        moderator.user,
        systemMeta(new Date()),
      );
      throw new Error('the change after the warning failed');
    });
    await expect(failed).rejects.toThrow('the change after the warning failed');
    expect(await t.db.select().from(warnings).where(eq(warnings.userId, fan.user.id))).toEqual([]);
    expect(await auditOf(t, fan.user.id, 'user.warned')).toEqual([]);
  });

  it('writes the warning with its audit event and tells the warned person at once', async () => {
    const fan = await createUser(t);
    const heard: PublishedEvent[] = [];
    const unsubscribe = t.container.bus.subscribe((event) => heard.push(event));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/${fan.user.id}/warn`,
      headers: { ...moderator.auth, 'user-agent': 'moderation-test' },
      payload: { reason: 'Spam' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const warningId = res.json().warning.id as number;
    await t.container.flushEvents();
    unsubscribe();

    const [audit] = await auditOf(t, fan.user.id, 'user.warned');
    expect(audit).toMatchObject({
      actorId: moderator.user.id,
      subjectType: 'user',
      data: { warningId, reason: 'Spam', itemId: null },
      userAgent: 'moderation-test',
    });
    expect(audit?.ip).toBeTruthy();
    const live = heard.find(
      (e) => e.event.type === 'user.warned' && e.event.subjectId === fan.user.id,
    );
    expect(live?.audience).toEqual([fan.user.id]);

    // The dashboard notice: listed until acknowledged, and only to the warned person.
    const mine = await inject(t, fan, 'GET', '/api/v1/warnings/mine');
    expect(mine.json().warnings).toEqual([
      expect.objectContaining({ id: warningId, reason: 'Spam', acknowledged: false }),
    ]);
    const stranger = await createUser(t);
    expect(
      (await inject(t, stranger, 'POST', `/api/v1/warnings/${warningId}/acknowledge`)).statusCode,
    ).toBe(404);
    const ack = await inject(t, fan, 'POST', `/api/v1/warnings/${warningId}/acknowledge`);
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json().warning.acknowledged).toBe(true);
    expect((await inject(t, fan, 'GET', '/api/v1/warnings/mine')).json().warnings).toEqual([]);
    expect((await inject(t, null, 'GET', '/api/v1/warnings/mine')).statusCode).toBe(401);
    expect(
      (await inject(t, null, 'POST', `/api/v1/warnings/${warningId}/acknowledge`)).statusCode,
    ).toBe(401);
    expect((await inject(t, fan, 'POST', '/api/v1/warnings/abc/acknowledge')).statusCode).toBe(404);
  });
});

describe('suspending a user', () => {
  it('ends their token at once and takes their items off the feed, checkout and media', async () => {
    const star = await creator();
    const fan = await createUser(t);
    const published = await publishItem(t, star, { price: '4.99' });
    const itemId = published.id;
    const detail = (await inject(t, star, 'GET', `/api/v1/items/${itemId}`)).json();
    const mediaUrls = [detail.imageUrl, detail.previewUrl, detail.videoUrl] as string[];
    for (const url of mediaUrls) expect((await fetchMedia(t, url)).statusCode, url).toBe(200);
    expect(await feedIds(fan)).toContain(itemId);

    const res = await inject(t, admin, 'POST', `/api/v1/admin/users/${star.user.id}/suspend`, {
      reason: 'Selling stolen loops',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ id: star.user.id, status: 'suspended' });

    // The token stops on the very next request.
    expect((await inject(t, star, 'GET', '/api/v1/users/profile')).statusCode).toBe(401);
    // Gone from the feed, the profile, the item page and checkout.
    expect(await feedIds(fan)).not.toContain(itemId);
    expect(await profileItemIds(fan, star.user.id)).toBeNull();
    expect((await inject(t, fan, 'GET', `/api/v1/items/${itemId}`)).statusCode).toBe(404);
    const bought = await checkout(fan, { id: itemId, title: 'Night loop' });
    expect(bought.statusCode, bought.body).toBe(404);
    // Its media go to nobody who has not bought it: unsigned, not even with a token. (Signed
    // URLs handed out before live until they expire: buyers hold such URLs too.)
    for (const url of mediaUrls) {
      const unsigned = url.split('?')[0]!;
      expect((await fetchMedia(t, unsigned, fan.auth)).statusCode, url).toBe(403);
      expect((await fetchMedia(t, unsigned)).statusCode, url).toBe(403);
    }

    // Reactivated, the items come back (a new token is needed: sessions stayed ended).
    const back = await inject(t, admin, 'POST', `/api/v1/admin/users/${star.user.id}/reactivate`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().user.status).toBe('active');
    expect(await feedIds(fan)).toContain(itemId);
    expect((await inject(t, star, 'GET', '/api/v1/users/profile')).statusCode).toBe(401);
    for (const url of mediaUrls) expect((await fetchMedia(t, url)).statusCode, url).toBe(200);
  });

  it('shows a suspended person the reason and a code when they sign in', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/signup',
      payload: {
        username: `susp_${Date.now().toString(36)}`,
        email: `susp_${Date.now().toString(36)}@example.test`,
        password: 'Aura-Suspend-2025!',
        newsletter: false,
        termsAndConditions: true,
      },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const { user, token } = signup.json();
    await inject(t, admin, 'POST', `/api/v1/admin/users/${user.id}/suspend`, {
      reason: 'Repeated harassment',
    });
    const profile = await t.app.inject({
      url: '/api/v1/users/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: user.username, password: 'Aura-Suspend-2025!' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({
      error: 'This account is suspended: Repeated harassment',
      code: 'account_suspended_because',
      params: { reason: 'Repeated harassment' },
      reason: 'Repeated harassment',
    });
  });

  it('keeps the rails: nobody suspends themselves, only a superadmin suspends an admin', async () => {
    const otherAdmin = await createUser(t, { role: 'admin' });
    const superadmin = await createUser(t, { role: 'superadmin' });
    expect(
      (await inject(t, admin, 'POST', `/api/v1/admin/users/${admin.user.id}/suspend`)).statusCode,
    ).toBe(403);
    expect(
      (await inject(t, admin, 'POST', `/api/v1/admin/users/${otherAdmin.user.id}/suspend`))
        .statusCode,
    ).toBe(403);
    expect(
      (await inject(t, admin, 'POST', `/api/v1/admin/users/${superadmin.user.id}/suspend`))
        .statusCode,
    ).toBe(403);
    const bySuper = await inject(
      t,
      superadmin,
      'POST',
      `/api/v1/admin/users/${otherAdmin.user.id}/suspend`,
    );
    expect(bySuper.statusCode, bySuper.body).toBe(200);
    for (const url of [
      '/api/v1/admin/users/00000000-0000-4000-8000-000000000000/suspend',
      '/api/v1/admin/users/nope/suspend',
    ]) {
      expect((await inject(t, admin, 'POST', url)).statusCode, url).toBe(404);
    }
    const long = await inject(
      t,
      admin,
      'POST',
      `/api/v1/admin/users/${otherAdmin.user.id}/reactivate`,
      {
        reason: 'z'.repeat(501),
      },
    );
    expect(long.statusCode).toBe(400);
  });
});

describe('hiding an item', () => {
  it('takes it off the feed, the profile and checkout, while its buyer keeps it', async () => {
    const star = await creator();
    const fan = await createUser(t);
    const buyer = await createUser(t);
    const { id: itemId } = await publishItem(t, star, { price: '4.99' });
    await grantPurchase(t, buyer, itemId);

    const hide = await inject(t, moderator, 'POST', `/api/v1/admin/content/${itemId}/hide`, {
      reason: 'Under review',
    });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json().item).toMatchObject({ id: itemId, hidden: true });

    expect(await feedIds(fan)).not.toContain(itemId);
    expect(await profileItemIds(fan, star.user.id)).not.toContain(itemId);
    expect((await inject(t, fan, 'GET', `/api/v1/items/${itemId}`)).statusCode).toBe(404);
    const refused = await checkout(fan, { id: itemId, title: 'Night loop' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('not_listed');

    // The buyer still opens it, with working media.
    const owned = await inject(t, buyer, 'GET', `/api/v1/items/${itemId}`);
    expect(owned.statusCode, owned.body).toBe(200);
    expect(owned.json().isPurchased).toBe(true);
    for (const url of [owned.json().imageUrl, owned.json().videoUrl] as string[]) {
      expect((await fetchMedia(t, url)).statusCode, url).toBe(200);
    }
    // Staff and the creator still see it.
    expect((await inject(t, star, 'GET', `/api/v1/items/${itemId}`)).statusCode).toBe(200);
    expect((await inject(t, moderator, 'GET', `/api/v1/items/${itemId}`)).statusCode).toBe(200);

    const hidden = await inject(t, moderator, 'GET', '/api/content?visibility=hidden&limit=100');
    expect(hidden.json().items.map((i: { id: number }) => i.id)).toContain(itemId);

    const unhide = await inject(t, moderator, 'POST', `/api/v1/admin/content/${itemId}/unhide`);
    expect(unhide.statusCode, unhide.body).toBe(200);
    expect(unhide.json().item.hidden).toBe(false);
    expect(await feedIds(fan)).toContain(itemId);
    for (const url of ['/api/v1/admin/content/999999999/hide', '/api/v1/admin/content/x/hide']) {
      expect((await inject(t, moderator, 'POST', url)).statusCode, url).toBe(404);
    }
    const long = await inject(t, moderator, 'POST', `/api/v1/admin/content/${itemId}/hide`, {
      reason: 'z'.repeat(501),
    });
    expect(long.statusCode).toBe(400);
    expect((await auditOf(t, String(itemId), 'item.hidden')).length).toBe(1);
  });
});

describe('resolving reports', () => {
  it('warns, hides or suspends as chosen, once, and audits it', async () => {
    const owner = await creator();
    const item = await createItem(t, owner);
    const warnReport = await fileReportFor(t, { itemId: item.id });
    const warned = await inject(
      t,
      moderator,
      'POST',
      `/api/v1/admin/reports/${warnReport.id}/resolve`,
      {
        action: 'warn',
        note: 'Keep titles honest',
      },
    );
    expect(warned.statusCode, warned.body).toBe(200);
    expect(warned.json().report).toMatchObject({
      status: 'resolved',
      resolution: 'warn',
      resolvedBy: moderator.user.username,
    });
    expect(warned.json().warning).toMatchObject({
      userId: owner.user.id,
      itemId: item.id,
      reason: 'Keep titles honest',
    });
    const again = await inject(
      t,
      moderator,
      'POST',
      `/api/v1/admin/reports/${warnReport.id}/resolve`,
      {
        action: 'dismiss',
      },
    );
    expect(again.statusCode).toBe(409);

    // Each report names its own item: a hidden item cannot be reported any more.
    const hideReport = await fileReportFor(t, { itemId: item.id });
    const hidden = await inject(
      t,
      moderator,
      'POST',
      `/api/v1/admin/reports/${hideReport.id}/resolve`,
      {
        action: 'hide',
      },
    );
    expect(hidden.statusCode, hidden.body).toBe(200);
    const [row] = await inject(
      t,
      moderator,
      'GET',
      `/api/content?q=${encodeURIComponent(owner.user.username)}`,
    ).then((r) => r.json().items as { id: number; hidden: boolean }[]);
    expect(row).toMatchObject({ id: item.id, hidden: true });

    // Suspension needs an admin; a moderator's try changes nothing.
    const suspendReport = await fileReportFor(t, {
      itemId: (await createItem(t, owner)).id,
    });
    const byModerator = await inject(
      t,
      moderator,
      'POST',
      `/api/v1/admin/reports/${suspendReport.id}/resolve`,
      {
        action: 'suspend',
      },
    );
    expect(byModerator.statusCode).toBe(403);
    const byAdmin = await inject(
      t,
      admin,
      'POST',
      `/api/v1/admin/reports/${suspendReport.id}/resolve`,
      {
        action: 'suspend',
        note: 'Third strike',
      },
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await inject(t, owner, 'GET', '/api/v1/users/profile')).statusCode).toBe(401);
    expect((await auditOf(t, owner.user.id, 'user.suspended'))[0]?.data).toEqual({
      reason: 'Third strike',
    });

    for (const [url, body, status] of [
      ['/api/v1/admin/reports/999999999/resolve', { action: 'dismiss' }, 404],
      ['/api/v1/admin/reports/x/resolve', { action: 'dismiss' }, 404],
      [`/api/v1/admin/reports/${suspendReport.id}/resolve`, { action: 'ban' }, 400],
      [`/api/v1/admin/reports/${suspendReport.id}/resolve`, {}, 400],
    ] as const) {
      expect((await inject(t, admin, 'POST', url, body)).statusCode, url).toBe(status);
    }
  });

  it('hides only items', async () => {
    const target = await createUser(t);
    const fan = await createUser(t);
    const res = await inject(t, fan, 'POST', '/api/v1/reports', {
      targetType: 'user',
      targetId: target.user.id,
      reason: 'harassment',
      text: 'Keeps messaging me',
    });
    expect(res.statusCode, res.body).toBe(201);
    const hide = await inject(
      t,
      moderator,
      'POST',
      `/api/v1/admin/reports/${res.json().id}/resolve`,
      {
        action: 'hide',
      },
    );
    expect(hide.statusCode).toBe(400);
  });
});

describe('the audit trail of admin actions', () => {
  it('writes exactly one audit event per action, with the actor, address and reason', async () => {
    const staff = await createUser(t, { role: 'superadmin' });
    const fan = await createUser(t);
    const owner = await creator();
    const item = await createItem(t, owner);
    const report = await fileReportFor(t, { itemId: item.id });

    const actions: [string, object, string, string][] = [
      [`/api/users/${fan.user.id}/warn`, { reason: 'r1' }, 'user.warned', fan.user.id],
      [`/api/content/${item.id}/warn`, { reason: 'r2' }, 'user.warned', owner.user.id],
      [
        `/api/v1/admin/users/${fan.user.id}/suspend`,
        { reason: 'r3' },
        'user.suspended',
        fan.user.id,
      ],
      [
        `/api/v1/admin/users/${fan.user.id}/reactivate`,
        { reason: 'r4' },
        'user.reactivated',
        fan.user.id,
      ],
      [`/api/v1/admin/content/${item.id}/hide`, { reason: 'r5' }, 'item.hidden', String(item.id)],
      [
        `/api/v1/admin/content/${item.id}/unhide`,
        { reason: 'r6' },
        'item.unhidden',
        String(item.id),
      ],
      [
        `/api/v1/admin/reports/${report.id}/resolve`,
        { action: 'dismiss', note: 'r7' },
        'report.resolved',
        String(report.id),
      ],
    ];
    for (const [i, [url, body, action, subject]] of actions.entries()) {
      const before = (await auditBy(staff)).length;
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...staff.auth, 'user-agent': 'audit-test' },
        payload: body,
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
      const written = (await auditBy(staff)).slice(before);
      expect(written, url).toHaveLength(1);
      expect(written[0], url).toMatchObject({
        action,
        subjectId: subject,
        actorId: staff.user.id,
        userAgent: 'audit-test',
        data: expect.objectContaining({ reason: `r${i + 1}` }),
      });
      expect(written[0]?.ip, url).toBeTruthy();
      expect(written[0]?.requestId, url).toBeTruthy();
    }

    // Repeating a hide that changes nothing records nothing.
    await inject(t, staff, 'POST', `/api/v1/admin/content/${item.id}/hide`, { reason: 'x' });
    const before = (await auditBy(staff)).length;
    await inject(t, staff, 'POST', `/api/v1/admin/content/${item.id}/hide`, { reason: 'x' });
    expect(await auditBy(staff)).toHaveLength(before);

    // The audit page shows them, filtered by actor and subject.
    const page = await inject(t, staff, 'GET', `/api/v1/admin/audit?actor=${staff.user.username}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().events.map((e: { action: string }) => e.action)).toContain('user.warned');
    const bySubject = await inject(
      t,
      staff,
      'GET',
      `/api/v1/admin/audit?subjectType=item&subjectId=${item.id}&action=item.`,
    );
    // The item's own creation (item.created, item.published) is not a moderator's action.
    const moderation = bySubject
      .json()
      .events.filter((e: { action: string }) => /^item\.(un)?hidden$/.test(e.action));
    expect(moderation.map((e: { action: string }) => e.action)).toEqual([
      'item.hidden',
      'item.unhidden',
      'item.hidden',
    ]);
    expect(moderation[0].actor).toBe(staff.user.username);
  });

  it('refuses bad audit filters with 400', async () => {
    for (const query of [
      'subjectType=planet',
      'subjectId=3',
      'action=DROP%20TABLE',
      'limit=101',
      'limit=0',
      'cursor=bad!',
      'cursor=aWQ6MA',
      `cursor=${Buffer.from('[0]').toString('base64url')}`,
    ]) {
      const res = await inject(t, admin, 'GET', `/api/v1/admin/audit?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    const unknownActor = await inject(t, admin, 'GET', '/api/v1/admin/audit?actor=nobody_at_all');
    expect(unknownActor.json()).toEqual({ events: [], nextCursor: null });
  });
});

describe('the admin lists refuse bad input', () => {
  it('answers 400 for bad filters, limits and cursors', async () => {
    for (const url of [
      '/api/users?limit=101',
      '/api/users?role=king',
      '/api/users?status=asleep',
      '/api/users?cursor=notacursor!',
      '/api/users?cursor=MTIz',
      `/api/users?cursor=${Buffer.from('["1","not-a-uuid"]').toString('base64url')}`,
      '/api/content?visibility=maybe',
      '/api/content?reported=yes',
      '/api/content?cursor=zzz',
      '/api/v1/admin/reports?status=closed',
      '/api/v1/admin/reports?cursor=zzz',
      '/api/v1/admin/warnings?limit=1000',
      '/api/v1/admin/sales?limit=0',
    ]) {
      const res = await inject(t, admin, 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(typeof res.json().error, url).toBe('string');
    }
    const [sample] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(warnings)
      .where(and(eq(warnings.userId, admin.user.id)));
    expect(sample?.n).toBe(0);
  });
});
