import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, grantMembership, type TestUser } from '../../test/factories';
import { publishItem } from '../items/test-helpers';

// The admin outbox's newsletters (issue 42): each item's and update's mail counts, admins only.

const DAY = 24 * 3600_000;
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };
let t: TestApp;
beforeAll(async () => {
  // Its own database: flush() runs every due job there is, and on the shared PostgreSQL worker
  // database other files' leftover jobs could take its rounds before these mails go out.
  t = await createTestApp({
    clock,
    env: { NEWSLETTER_MAILS_PER_SECOND: '1000' },
    ownDatabase: true,
  });
});
afterAll(() => t.close());

/** Lets the paced mails come due, then runs every due job (fan-outs, then their mails). */
async function flush(): Promise<void> {
  offsetMs += 60_000;
  await t.container.jobs.runDue();
  await t.container.jobs.runDue();
}

const list = (who: TestUser | null, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/outbox/newsletters${query}`,
    headers: who?.auth ?? {},
  });

interface Listed {
  source: string;
  itemId: number | null;
  title: string;
  creator: string;
  queued: number;
  sent: number;
  clicked: number;
}

describe('GET /api/v1/admin/outbox/newsletters', () => {
  it('lists an item’s and an update’s mails with their counts, newest first', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const [memberFan, follower] = [await createUser(t), await createUser(t)];
    const admin = await createUser(t, { role: 'admin' });
    await grantMembership(
      t,
      memberFan,
      creator,
      'Hypr',
      new Date(clock.now().getTime() + 60 * DAY),
    );
    const followed = await t.app.inject({
      method: 'POST',
      url: `/api/creator/${creator.user.username}/follow`,
      headers: follower.auth,
    });
    expect(followed.statusCode, followed.body).toBe(200);

    const item = await publishItem(t, creator, { title: 'Outbox loop' }, {});
    await flush();
    const update = await t.app.inject({
      method: 'POST',
      url: '/api/v1/creator/updates',
      headers: creator.auth,
      payload: { subject: 'Studio news', text: 'More soon.' },
    });
    expect(update.statusCode, update.body).toBe(201);

    const res = await list(admin);
    expect(res.statusCode, res.body).toBe(200);
    const mine = (res.json() as { newsletters: Listed[] }).newsletters.filter(
      (n) => n.creator === creator.user.username,
    );
    // The update's fan-out has not run yet: it is listed once its mails are queued.
    expect(mine).toEqual([
      {
        source: `item:${item.id}`,
        itemId: item.id,
        title: 'Outbox loop',
        creator: creator.user.username,
        // The member's mail went out at once; the follower's waits for the weekly mail.
        queued: 1,
        sent: 1,
        clicked: 0,
        queuedAt: expect.any(String),
      },
    ]);

    await flush();
    const after = ((await list(admin)).json() as { newsletters: Listed[] }).newsletters.filter(
      (n) => n.creator === creator.user.username,
    );
    expect(after.map((n) => [n.title, n.itemId, n.sent, n.queued])).toEqual([
      ['Studio news', null, 1, 0],
      ['Outbox loop', item.id, 1, 1],
    ]);
    expect((await list(admin, '?limit=1')).json().newsletters).toHaveLength(1);

    // An item nobody hears about sends nothing and is not listed.
    const lonely = await createUser(t, { role: 'creator' });
    await publishItem(t, lonely, { title: 'Nobody listens' }, {});
    await flush();
    const listed = ((await list(admin, '?limit=200')).json() as { newsletters: Listed[] })
      .newsletters;
    expect(listed.map((n) => n.creator)).not.toContain(lonely.user.username);
    expect(listed.map((n) => n.creator)).toContain(creator.user.username);
  });

  it('is refused to people who may not read the outbox, and to bad limits', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const admin = await createUser(t, { role: 'admin' });
    expect((await list(null)).statusCode).toBe(401);
    const refused = await list(creator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().newsletters).toBeUndefined();
    for (const query of ['?limit=0', '?limit=201', '?limit=abc']) {
      const res = await list(admin, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBeTypeOf('string');
    }
  });
});
