import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatorUpdates, jobs } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, follow, grantMembership, type TestUser } from '../../test/factories';
import { publishItem } from '../items/test-helpers';
import { NEWSLETTER_JOB, runFanOut, WEEKLY_JOB } from './newsletter';
import { newsletterPreferences, newsletterSends } from './tables';
import { mailsTo } from './test-helpers';
import { newsletterUnsubscribeToken } from './tokens';

// New-post e-mails (issue 42), through the API and the jobs table on a real database.

const PUBLIC_URL = 'https://aura.example.org';
const DAY = 24 * 3600_000;
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };
let t: TestApp;
beforeAll(async () => {
  // A Wednesday 10:00 UTC ahead: the weekly mail goes out the Monday after.
  const start = new Date();
  start.setUTCDate(start.getUTCDate() + 7 + ((3 - start.getUTCDay() + 7) % 7));
  start.setUTCHours(10, 0, 0, 0);
  offsetMs = start.getTime() - Date.now();
  // Its own database: flush() runs every due job there is, and on a shared worker database
  // other files' due jobs take those rounds before the newsletter's mails go out.
  t = await createTestApp({
    clock,
    ownDatabase: true,
    env: { PUBLIC_URL, NEWSLETTER_MAILS_PER_SECOND: '1000' },
  });
});
afterAll(() => t.close());

/** Lets the paced mails come due, then runs every due job (fan-outs, then their mails). */
async function flush(): Promise<void> {
  offsetMs += 60_000;
  await t.container.jobs.runDue();
  await t.container.jobs.runDue();
}

const newPostMails = async (who: TestUser, template = 'new-item') => {
  await flush();
  return (await mailsTo(t, who.user.email)).filter((m) => m.template === template);
};

const member = (fan: TestUser, creator: TestUser) =>
  grantMembership(t, fan, creator, 'Hypr', new Date(clock.now().getTime() + 60 * DAY));

const putPreferences = (who: TestUser, creators: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/users/notification-preferences',
    headers: who.auth,
    payload: { creators },
  });

const getPreferences = async (who: TestUser) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/users/notification-preferences',
    headers: who.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { creators: { creatorId: string; newItems: string; isDefault: boolean }[] };
};

const publish = (creator: TestUser, overrides: Record<string, unknown> = {}) =>
  publishItem(t, creator, { title: `Loop ${Math.random()}`, ...overrides }, {});

describe('who is mailed about a new item', () => {
  it('mails members at once and followers in the weekly mail by default; choices override', async () => {
    const creator = await createUser(t, { role: 'creator', displayName: 'Mona Beats' });
    const [memberFan, follower, eager, quiet] = [
      await createUser(t),
      await createUser(t),
      await createUser(t),
      await createUser(t),
    ];
    await member(memberFan, creator);
    await member(quiet, creator);
    await follow(t, follower, creator);
    await follow(t, eager, creator);
    await follow(t, memberFan, creator);

    const prefs = await getPreferences(follower);
    expect(prefs.creators).toEqual([
      expect.objectContaining({ creatorId: creator.user.id, newItems: 'weekly', isDefault: true }),
    ]);
    expect((await getPreferences(memberFan)).creators[0]).toMatchObject({ newItems: 'instant' });
    expect(
      (await putPreferences(eager, [{ creatorId: creator.user.id, newItems: 'instant' }]))
        .statusCode,
    ).toBe(200);
    expect(
      (await putPreferences(quiet, [{ creatorId: creator.user.id, newItems: 'off' }])).statusCode,
    ).toBe(200);

    const item = await publish(creator, {
      price: '0',
      tierRequired: 'Hypr',
      title: 'Members loop',
    });

    const [toMember] = await newPostMails(memberFan);
    expect(toMember?.subject).toBe('Mona Beats published: Members loop');
    expect(toMember?.text).toContain('Included in your membership.');
    expect(toMember?.text).toContain(`${PUBLIC_URL}/api/v1/mail/click?s=`);
    expect(toMember?.html).toContain('<img src="https://aura.example.org/api/v1/media/');
    expect(toMember?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(toMember?.headers['List-Unsubscribe']).toMatch(
      /^<https:\/\/aura\.example\.org\/api\/v1\/mail\/unsubscribe\?token=/,
    );
    const [toEager] = await newPostMails(eager);
    expect(toEager?.text).toContain('Locked: for Hypr members.');
    expect(await newPostMails(follower)).toHaveLength(0);
    expect(await newPostMails(quiet)).toHaveLength(0);
    expect(await newPostMails(creator)).toHaveLength(0);

    // The Monday after: the follower gets the week's items in one mail.
    offsetMs += 5 * DAY;
    expect((await t.container.jobs.runPeriodic(WEEKLY_JOB)).ran).toBe(true);
    const weekly = await newPostMails(follower, 'new-items-weekly');
    expect(weekly).toHaveLength(1);
    expect(weekly[0]?.text).toContain('Members loop');
    expect(weekly[0]?.subject).toBe('Mona Beats: 1 new post this week');
    // A second run that week mails nothing more.
    await t.container.jobs.runPeriodic(WEEKLY_JOB);
    expect(await newPostMails(follower, 'new-items-weekly')).toHaveLength(1);

    const stats = await t.app.inject({
      method: 'GET',
      url: `/api/v1/creator/items/${item.id}/mail-stats`,
      headers: creator.auth,
    });
    expect(stats.json()).toEqual({ queued: 0, sent: 3, clicked: 0 });
  });

  it('counts a click once and leads to the item; a forged link is refused', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    await member(fan, creator);
    const item = await publish(creator);
    const [mail] = await newPostMails(fan);
    const link = /https:\/\/aura\.example\.org(\/api\/v1\/mail\/click\?[^\s]+)/.exec(
      mail!.text,
    )![1]!;
    for (let i = 0; i < 2; i += 1) {
      const res = await t.app.inject({ method: 'GET', url: link });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`${PUBLIC_URL}/product/${item.id}`);
    }
    const forged = link.replace(/to=[^&]+/, `to=${encodeURIComponent('/admin')}`);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/mail/click?s=1&to=%2F%2Fevil.test&sig=x',
        })
      ).statusCode,
    ).toBe(400);
    const stats = await t.app.inject({
      method: 'GET',
      url: `/api/v1/creator/items/${item.id}/mail-stats`,
      headers: creator.auth,
    });
    expect(stats.json()).toEqual({ queued: 0, sent: 1, clicked: 1 });
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  const oneClick = (token: string, encoding: 'form' | 'multipart') => {
    const url = `/api/v1/mail/unsubscribe?token=${encodeURIComponent(token)}`;
    if (encoding === 'form') {
      return t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    }
    const boundary = 'aura-test-boundary';
    return t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
  };

  it.each(['form', 'multipart'] as const)(
    'turns off that creator only, without sign-in (%s)',
    async (encoding) => {
      const [a, b] = [
        await createUser(t, { role: 'creator' }),
        await createUser(t, { role: 'creator' }),
      ];
      const fan = await createUser(t);
      await member(fan, a);
      await member(fan, b);
      await publish(a);
      const [mail] = await newPostMails(fan);
      // The outbox keeps the link hidden; the recipient's copy had this token.
      expect(mail!.headers['List-Unsubscribe']).toContain('[hidden]');
      const token = newsletterUnsubscribeToken(
        t.container.keys['mail-links'],
        fan.user.id,
        a.user.id,
      );
      const res = await oneClick(token, encoding);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ kind: 'newItems', creatorId: a.user.id });

      const before = (await newPostMails(fan)).length;
      await publish(a, { title: 'From A' });
      await publish(b, { title: 'From B' });
      const since = (await newPostMails(fan)).slice(before);
      expect(since.map((m) => m.subject)).toEqual([expect.stringContaining('From B')]);
      const prefs = await getPreferences(fan);
      expect(prefs.creators.find((c) => c.creatorId === a.user.id)?.newItems).toBe('off');
      expect(prefs.creators.find((c) => c.creatorId === b.user.id)?.newItems).toBe('instant');
    },
  );

  it('refuses a forged token and changes nothing', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const token = newsletterUnsubscribeToken(
      Buffer.from('not-the-key'),
      fan.user.id,
      creator.user.id,
    );
    const res = await oneClick(token, 'form');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('mail_link_invalid');
    const rows = await t.db
      .select()
      .from(newsletterPreferences)
      .where(eq(newsletterPreferences.userId, fan.user.id));
    expect(rows).toHaveLength(0);
  });
});

describe('exactly one mail per person and item', () => {
  it('a retried or repeated fan-out and a retried mail job queue and send nothing twice', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const fans = await Promise.all(Array.from({ length: 5 }, () => createUser(t)));
    for (const fan of fans) await member(fan, creator);
    const item = await publish(creator);
    const payload = { source: `item:${item.id}`, itemId: item.id };
    const deps = { db: t.db, perSecond: 1000 };
    // The queued job, a retry of it after a crash, and a second instance at the same moment.
    await Promise.all([
      runFanOut(deps, payload, clock.now()),
      runFanOut(deps, payload, clock.now()),
      flush(),
    ]);
    await runFanOut(deps, payload, clock.now());
    const mailJobs = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(sql`${jobs.idempotencyKey} like ${`mail:newsletter:item:${item.id}:%`}`);
    expect(mailJobs[0]?.n).toBe(5);
    await flush();
    // A mail job run again (its worker died before marking it done) is stored once.
    await t.db
      .update(jobs)
      .set({ status: 'queued', runAt: clock.now() })
      .where(sql`${jobs.idempotencyKey} like ${`mail:newsletter:item:${item.id}:%`}`);
    await flush();
    for (const fan of fans) expect(await newPostMails(fan)).toHaveLength(1);
    const fanOuts = await t.db
      .select()
      .from(jobs)
      .where(
        and(eq(jobs.kind, NEWSLETTER_JOB), eq(jobs.idempotencyKey, `newsletter:item:${item.id}`)),
      );
    expect(fanOuts).toHaveLength(1);
    const sends = await t.db
      .select()
      .from(newsletterSends)
      .where(eq(newsletterSends.itemId, item.id));
    expect(sends).toHaveLength(5);
    expect(sends.every((s) => s.sentAt !== null)).toBe(true);
  });

  it('paces the mails at NEWSLETTER_MAILS_PER_SECOND', async () => {
    const creator = await createUser(t, { role: 'creator' });
    for (let i = 0; i < 3; i += 1) await member(await createUser(t), creator);
    const item = await publish(creator);
    await runFanOut(
      { db: t.db, perSecond: 1 },
      { source: `item:${item.id}`, itemId: item.id },
      clock.now(),
    );
    const times = await t.db
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(sql`${jobs.idempotencyKey} like ${`mail:newsletter:item:${item.id}:%`}`)
      .orderBy(jobs.runAt);
    const seconds = times.map((r) => r.runAt.getTime() / 1000);
    expect(new Set(seconds).size).toBe(3);
    expect(seconds[2]! - seconds[0]!).toBe(2);
  });
});

describe('creator updates', () => {
  const post = (who: TestUser, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/creator/updates',
      headers: who.auth,
      payload: body as object,
    });

  it('mails members (not followers, not those who switched it off), at most 3 a day', async () => {
    const creator = await createUser(t, { role: 'creator', displayName: 'Ola' });
    const [fan, off, follower] = [await createUser(t), await createUser(t), await createUser(t)];
    await member(fan, creator);
    await member(off, creator);
    await follow(t, follower, creator);
    await putPreferences(off, [{ creatorId: creator.user.id, newItems: 'off' }]);
    const res = await post(creator, { subject: 'Studio news', text: 'New gear.\n\nMore soon.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().recipients).toBe(1);
    const [mail] = await newPostMails(fan, 'creator-update');
    expect(mail?.subject).toBe('Ola: Studio news');
    expect(mail?.html).toContain('<p>More soon.</p>');
    expect(await newPostMails(off, 'creator-update')).toHaveLength(0);
    expect(await newPostMails(follower, 'creator-update')).toHaveLength(0);

    expect((await post(creator, { subject: 'Two', text: 'x' })).statusCode).toBe(201);
    expect((await post(creator, { subject: 'Three', text: 'x' })).statusCode).toBe(201);
    const limited = await post(creator, { subject: 'Four', text: 'x' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('creator_update_limited');
  });

  it('refuses bad input and non-creators, and queues nothing', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    // The jobs of this creator's updates: another test's fan-outs may still be arriving.
    const queued = () =>
      t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(
          sql`${jobs.payload}->>'updateId' in (select ${creatorUpdates.id}::text from ${creatorUpdates} where ${creatorUpdates.creatorId} = ${creator.user.id})`,
        );
    const before = await queued();
    for (const body of [
      {},
      { subject: '', text: 'x' },
      { subject: 'x', text: '   ' },
      { subject: 'x'.repeat(151), text: 'x' },
      { subject: 'x', text: 'x'.repeat(5001) },
      { subject: 'x', text: 'x', extra: 1 },
    ]) {
      expect((await post(creator, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await post(fan, { subject: 'x', text: 'x' })).statusCode).toBe(403);
    const after = await queued();
    expect(after[0]?.n).toBe(before[0]?.n);
  });
});

describe('bad input and authorization', () => {
  it('preferences: refuses malformed bodies and creators one does not hear from', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const stranger = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    await follow(t, fan, creator);
    for (const creators of [
      [],
      [{ creatorId: 'nope', newItems: 'off' }],
      [{ creatorId: creator.user.id, newItems: 'daily' }],
      [{ creatorId: creator.user.id }],
      [
        { creatorId: creator.user.id, newItems: 'off' },
        { creatorId: creator.user.id, newItems: 'weekly' },
      ],
      'off',
    ]) {
      expect((await putPreferences(fan, creators)).statusCode, JSON.stringify(creators)).toBe(400);
    }
    const unknown = await putPreferences(fan, [
      { creatorId: creator.user.id, newItems: 'off' },
      { creatorId: stranger.user.id, newItems: 'off' },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('newsletter_creator_unknown');
    expect((await getPreferences(fan)).creators[0]).toMatchObject({ isDefault: true });
  });

  it('an item’s mail counts are its owner’s only', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const other = await createUser(t, { role: 'creator' });
    const item = await publish(creator);
    const as = (who: TestUser | null, id: number | string = item.id) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/creator/items/${id}/mail-stats`,
        headers: who?.auth ?? {},
      });
    expect((await as(null)).statusCode).toBe(401);
    expect((await as(other)).statusCode).toBe(403);
    expect((await as(creator, 987654321)).statusCode).toBe(404);
    expect((await as(creator, 'abc')).statusCode).toBe(400);
    expect((await as(creator)).statusCode).toBe(200);
  });
});
