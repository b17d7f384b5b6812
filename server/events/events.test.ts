import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DomainEvent, PublishedEvent } from '../../common/events';
import { createMemoryBus } from '../adapters/bus/memory';
import { systemClock } from '../context';
import { openDatabase } from '../db/client';
import { isTransaction } from '../db/commit-hooks';
import { auditEvents, outboxEvents, users } from '../db/schema/index';
import { createTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/factories';
import { consumeInTransaction, recordChange, recordEvent, systemMeta } from './record';
import { startOutboxRelay } from './relay';
import { SOON } from '../test/waits';

let t: TestApp;
const heard: PublishedEvent[] = [];
const statements: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ onQuery: (statement) => statements.push(statement) });
  t.container.bus.subscribe((event) => heard.push(event));
});
afterAll(() => t.close());

const heardAbout = (subjectId: string) => heard.filter((e) => e.event.subjectId === subjectId);

describe('typed domain events: audit row and outbox in the transaction of the change', () => {
  it('records who, what and from where for a change made through HTTP, then publishes it', async () => {
    const fan = await createUser(t);
    const other = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${other.user.id}/block`,
      headers: { ...fan.auth, 'user-agent': 'events-test/1', 'x-request-id': 'req-events-1' },
    });
    expect(res.statusCode, res.body).toBe(200);

    // The blocker's other tabs act on user.blocked, so it is relayed to the bus.
    await t.container.flushEvents();
    const [published] = heardAbout(fan.user.id);
    expect(published).toMatchObject({
      actorId: fan.user.id,
      audience: [fan.user.id],
      event: { type: 'user.blocked', data: { blockedId: other.user.id } },
    });
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.blocked'), eq(auditEvents.subjectId, fan.user.id)));
    expect(audit).toMatchObject({ userAgent: 'events-test/1', requestId: 'req-events-1' });
  });

  it('writes an event no other instance acts on already published: this instance hears it, the bus never does', async () => {
    const fan = await createUser(t);
    const creator = await createUser(t, { role: 'creator' });
    const told: DomainEvent[] = [];
    const stop = t.container.database.onCommittedEvent((e) => told.push(e.event));
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/creator/${creator.user.username}/follow`,
        headers: fan.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      stop();
    }
    const followed = {
      type: 'follow.created',
      data: { followerId: fan.user.id, creatorId: creator.user.id, followers: 1 },
    };
    expect(told).toContainEqual(expect.objectContaining(followed));
    // follow.* is not kept in the audit trail (engagement); its outbox row is kept for inspection.
    const [row] = await t.db
      .select()
      .from(outboxEvents)
      .where(
        and(eq(outboxEvents.type, 'follow.created'), eq(outboxEvents.subjectId, creator.user.id)),
      );
    expect(row).toMatchObject({ actorId: fan.user.id, audience: [creator.user.id], ...followed });
    expect(row?.publishedAt).toEqual(row?.createdAt);
    await t.container.flushEvents();
    expect(heardAbout(creator.user.id)).toEqual([]);
  });

  it('writes a typed audit row with actor, subject, ip, user agent, request id and clock time', async () => {
    const user = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { ...user.auth, 'user-agent': 'events-test/2', 'x-request-id': 'req-events-2' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'account.signed_out'), eq(auditEvents.subjectId, user.user.id)),
      );
    expect(row).toMatchObject({
      actorId: user.user.id,
      subjectType: 'user',
      ip: '127.0.0.1',
      userAgent: 'events-test/2',
      requestId: 'req-events-2',
    });
    expect(row?.data).toMatchObject({ jti: expect.any(String) });
  });

  it('leaves nothing behind, and publishes nothing, when the transaction rolls back', async () => {
    const user = await createUser(t);
    await expect(
      t.db.transaction(async (tx) => {
        await recordEvent(
          tx,
          user.user,
          { type: 'account.updated', subjectId: user.user.id, data: { fields: ['bio'] } },
          systemMeta(new Date()),
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.container.flushEvents();
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'account.updated'), eq(auditEvents.subjectId, user.user.id)),
      );
    const outbox = await t.db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.subjectId, user.user.id));
    expect(audit).toEqual([]);
    expect(outbox.filter((o) => o.type === 'account.updated')).toEqual([]);
    expect(heardAbout(user.user.id).filter((e) => e.event.type === 'account.updated')).toEqual([]);
  });

  it('publishes at commit without being asked (the commit wakes the relay)', async () => {
    const user = await createUser(t);
    await t.db.transaction((tx) =>
      recordEvent(
        tx,
        user.user,
        { type: 'account.updated', subjectId: user.user.id, data: { fields: ['bio'] } },
        systemMeta(new Date()),
      ),
    );
    // Inside the relay's 2 s safety-net poll (the relay tests below leave the poll out).
    await expect
      .poll(() => heardAbout(user.user.id).map((e) => e.event.type), { timeout: 1500 })
      .toEqual(['account.updated']);
  });

  it('publishes every committed event once and marks it published', async () => {
    const user = await createUser(t);
    await t.db.transaction(async (tx) => {
      for (const fields of [['bio'], ['location'], ['website']]) {
        await recordEvent(
          tx,
          user.user,
          { type: 'account.updated', subjectId: user.user.id, data: { fields } },
          systemMeta(new Date()),
          { audience: [user.user.id] },
        );
      }
    });
    await t.container.flushEvents();
    await t.container.flushEvents();
    const mine = heardAbout(user.user.id).filter((e) => e.event.type === 'account.updated');
    expect(mine.map((e) => e.event.data)).toEqual([
      { fields: ['bio'] },
      { fields: ['location'] },
      { fields: ['website'] },
    ]);
    expect(new Set(mine.map((e) => e.id)).size).toBe(3);
    const pending = await t.db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.subjectId, user.user.id), isNull(outboxEvents.publishedAt)));
    expect(pending).toEqual([]);
  });
});

describe('outbox relay claims (issue 17)', () => {
  // The account's own row (its sign-up, test/factories.ts) was published when it was written.
  const updateOf = (userId: string) =>
    and(eq(outboxEvents.subjectId, userId), eq(outboxEvents.type, 'account.updated'));
  const recordUpdate = (userId: string, hold?: 'claimed') =>
    t.db.transaction(async (tx) => {
      await recordEvent(
        tx,
        { id: userId },
        { type: 'account.updated', subjectId: userId, data: { fields: ['bio'] } },
        systemMeta(new Date()),
      );
      // As if another relay had claimed the row and then died before publishing it.
      if (hold) {
        await tx
          .update(outboxEvents)
          .set({ claimedUntil: sql`now() + interval '1 hour'` })
          .where(updateOf(userId));
      }
    });
  const rowOf = async (userId: string) => {
    const [row] = await t.db.select().from(outboxEvents).where(updateOf(userId));
    return row!;
  };

  it('leaves a row another relay claimed to it, and publishes it once the claim has run out', async () => {
    const user = await createUser(t);
    await recordUpdate(user.user.id, 'claimed');
    await t.container.flushEvents();
    expect(heardAbout(user.user.id)).toEqual([]);
    expect((await rowOf(user.user.id)).publishedAt).toBeNull();

    await t.db
      .update(outboxEvents)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(updateOf(user.user.id));
    await t.container.flushEvents();
    await t.container.flushEvents();
    expect(heardAbout(user.user.id).map((e) => e.event.type)).toEqual(['account.updated']);
    const row = await rowOf(user.user.id);
    expect(row.publishedAt).not.toBeNull();
    expect(row.claimedUntil).toBeNull();
  });

  it('gives a batch the bus refused back at once, and publishes it on the next pass', async () => {
    const user = await createUser(t);
    const bus = t.container.bus;
    const publish = bus.publish.bind(bus);
    bus.publish = () => Promise.reject(new Error('bus away'));
    try {
      await recordUpdate(user.user.id);
      await t.container.flushEvents();
      const refused = await rowOf(user.user.id);
      expect(refused.publishedAt).toBeNull();
      expect(refused.claimedUntil).toBeNull();
    } finally {
      bus.publish = publish;
    }
    await t.container.flushEvents();
    expect(heardAbout(user.user.id).map((e) => e.event.type)).toEqual(['account.updated']);
    expect((await rowOf(user.user.id)).publishedAt).not.toBeNull();
  });
});

/** A relay of its own on a fresh database, with its statements and what it published. */
async function relayOnFreshDatabase(options: { markAfterMs?: number; gatherMs?: number } = {}) {
  const statements: string[] = [];
  const handle = await openDatabase({
    kind: 'pglite',
    dataDir: null,
    onQuery: (statement) => statements.push(statement),
  });
  const bus = createMemoryBus();
  const published: string[] = [];
  bus.subscribe((event) => published.push(event.event.subjectId));
  const errors: unknown[] = [];
  const relay = await startOutboxRelay({
    handle,
    bus,
    clock: systemClock,
    onError: (err) => errors.push(err),
    // Only commits (and drain()) wake it, so no test can pass through the safety-net poll.
    pollMs: 3_600_000,
    ...options,
  });
  await relay.drain(); // the pass every relay starts with
  const event = (subjectId: string): DomainEvent => ({
    type: 'account.updated',
    subjectId,
    data: { fields: ['bio'] },
  });
  const claims = () => statements.filter((s) => /set "claimed_until" = now\(\)/.test(s)).length;
  return {
    handle,
    statements,
    published,
    errors,
    relay,
    event,
    claims,
    record: (subjectId: string) =>
      handle.db.transaction((tx) =>
        recordEvent(tx, null, event(subjectId), systemMeta(new Date())),
      ),
    async close() {
      await relay.stop();
      await handle.close();
    },
  };
}

describe('outbox relay marks (issue 17: one round trip a batch under load)', () => {
  it('marks a published batch in the statement that claims the next one, and drain() marks the last', async () => {
    // Marks never fall due on their own here, so only a claim or drain() can write them.
    const r = await relayOnFreshDatabase({ markAfterMs: 3_600_000, gatherMs: 0 });
    const publishedAt = async (subjectId: string) => {
      const [row] = await r.handle.db
        .select({ at: outboxEvents.publishedAt })
        .from(outboxEvents)
        .where(eq(outboxEvents.subjectId, subjectId));
      return row!.at;
    };
    const relayStatements = () =>
      r.statements.filter((s) => /outbox_events/.test(s) && !/insert into outbox_events/.test(s));
    try {
      await r.record('first');
      await vi.waitFor(() => expect(r.published).toEqual(['first']), SOON);
      expect(await publishedAt('first')).toBeNull();

      r.statements.length = 0;
      await r.record('second');
      await vi.waitFor(() => expect(r.published).toHaveLength(2), SOON);
      const [claim, ...more] = relayStatements();
      expect(more).toEqual([]);
      expect(claim).toMatch(/^with "marked" as \(update "outbox_events" set "published_at"/);
      expect(await publishedAt('first')).not.toBeNull();
      expect(await publishedAt('second')).toBeNull();

      await r.relay.drain();
      expect(await publishedAt('second')).not.toBeNull();
      expect(r.published).toEqual(['first', 'second']);
      expect(r.errors).toEqual([]);
    } finally {
      await r.close();
    }
  });
});

describe('outbox relay wake-ups (issue 17: each instance publishes its own commits)', () => {
  it('is woken by a commit in a transaction, by a single statement and by recordEvent on the database itself', async () => {
    const r = await relayOnFreshDatabase({ gatherMs: 0 });
    try {
      await r.record('in a transaction');
      await vi.waitFor(() => expect(r.published).toEqual(['in a transaction']), SOON);
      await recordChange(r.handle.db, null, r.event('one statement'), systemMeta(new Date()), {
        change: sql`select 1`,
      });
      await vi.waitFor(() => expect(r.published).toContain('one statement'), SOON);
      await recordEvent(r.handle.db, null, r.event('database itself'), systemMeta(new Date()));
      await vi.waitFor(() => expect(r.published).toContain('database itself'), SOON);
      expect(r.errors).toEqual([]);
    } finally {
      await r.close();
    }
  });

  it('is not woken by a commit whose events no other instance acts on', async () => {
    const r = await relayOnFreshDatabase({ gatherMs: 0 });
    try {
      const before = r.claims();
      const liked: DomainEvent = {
        type: 'item.liked',
        subjectId: '1',
        data: { userId: 'someone', likes: 1 },
      };
      await r.handle.db.transaction((tx) => recordEvent(tx, null, liked, systemMeta(new Date())));
      await r.record('relayed');
      await vi.waitFor(() => expect(r.published).toEqual(['relayed']), SOON);
      expect(r.claims() - before).toBe(1);
    } finally {
      await r.close();
    }
  });

  it('gathers the commits of a busy moment into one claim, and drain() does not wait for it', async () => {
    // The relay claimed when it started, so commits within the next 1.5 s wait for one claim.
    const r = await relayOnFreshDatabase({ gatherMs: 1500 });
    try {
      const before = r.claims();
      for (const subjectId of ['b', 'c', 'd', 'e']) await r.record(subjectId);
      await vi.waitFor(() => expect(r.published).toEqual(['b', 'c', 'd', 'e']), {
        timeout: 5000,
      });
      expect(r.claims() - before).toBe(1);

      await r.record('drained');
      await r.relay.drain();
      expect(r.published).toContain('drained');
      expect(r.errors).toEqual([]);
    } finally {
      await r.close();
    }
  });
});

describe('recordChange: a one-statement change with its event (issue 17)', () => {
  const bioChange = (userId: string, bio: string) =>
    t.db.update(users).set({ bio }).where(eq(users.id, userId)).getSQL();
  const profileUpdated = (userId: string): DomainEvent => ({
    type: 'profile.updated',
    subjectId: userId,
    data: { fields: ['bio'] },
  });

  it('writes the change and its audit row in one statement, and tells this instance at once', async () => {
    const user = await createUser(t);
    const told: string[] = [];
    const stop = t.container.database.onCommittedEvent((e) => told.push(e.event.subjectId));
    try {
      await recordChange(t.db, user.user, profileUpdated(user.user.id), systemMeta(new Date()), {
        change: bioChange(user.user.id, 'one statement'),
      });
      expect(told).toContain(user.user.id);
    } finally {
      stop();
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.user.id));
    expect(row?.bio).toBe('one statement');
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'profile.updated'), eq(auditEvents.subjectId, user.user.id)),
      );
    expect(audit).toHaveLength(1);
  });

  it('leaves neither change nor event when the statement fails', async () => {
    const user = await createUser(t);
    const clash = await createUser(t);
    await expect(
      recordChange(t.db, user.user, profileUpdated(user.user.id), systemMeta(new Date()), {
        // The username is unique: the update fails, and with it the whole statement.
        change: t.db
          .update(users)
          .set({ username: clash.user.username })
          .where(eq(users.id, user.user.id))
          .getSQL(),
      }),
    ).rejects.toThrow();
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, user.user.id));
    expect(audit.filter((a) => a.action === 'profile.updated')).toEqual([]);
  });

  const noConsumer = () => consumeInTransaction('events-test', { writesFor: () => [] });
  const statementsOf = async (work: () => Promise<unknown>) => {
    statements.length = 0;
    await work();
    // The relay's claims (woken by the commit) are not the recording's.
    return statements.filter(
      (s) => !/outbox_events/.test(s) || /insert into outbox_events/.test(s),
    );
  };

  it("runs a transactional consumer's writes in the event's own statement, with no transaction", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    let consumedIn: 'transaction' | 'statement' | null = null;
    consumeInTransaction('events-test', {
      writesFor: (db, event) => {
        if (event.subjectId !== user.user.id) return [];
        consumedIn = isTransaction(db) ? 'transaction' : 'statement';
        return [
          {
            actor: null,
            event: profileUpdated(other.user.id),
            options: {
              change: db
                .update(users)
                .set({ bio: 'by the consumer' })
                .where(eq(users.id, other.user.id))
                .getSQL(),
            },
          },
        ];
      },
    });
    const told: string[] = [];
    const stop = t.container.database.onCommittedEvent((e) => told.push(e.event.subjectId));
    try {
      const sent = await statementsOf(() =>
        recordChange(t.db, user.user, profileUpdated(user.user.id), systemMeta(new Date()), {
          change: bioChange(user.user.id, 'with a consumer'),
        }),
      );
      // The app's job runner may query meanwhile: only the recording's statements count.
      const recording = sent.filter((s) => s.includes('insert into outbox_events'));
      expect(recording).toHaveLength(1);
      expect(recording[0]).toMatch(
        /change_0 as \(update "users"[\s\S]*change_1 as \(update "users"/,
      );
      expect(consumedIn).toBe('statement');
    } finally {
      stop();
      noConsumer();
    }
    expect(told).toEqual(expect.arrayContaining([user.user.id, other.user.id]));
    const [row] = await t.db.select().from(users).where(eq(users.id, other.user.id));
    expect(row?.bio).toBe('by the consumer');
    const audit = await t.db
      .select({ subjectId: auditEvents.subjectId })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'profile.updated'));
    expect(audit.map((a) => a.subjectId)).toEqual(
      expect.arrayContaining([user.user.id, other.user.id]),
    );
  });

  it('writes a gated event (onlyIfChanged) only when its change wrote a row, and its consumers only then', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    consumeInTransaction('events-test', {
      writesFor: (db, event) => {
        if (event.subjectId !== user.user.id) return [];
        const bio = 'by the consumer';
        return [
          {
            actor: null,
            event: profileUpdated(other.user.id),
            options: {
              change: db.update(users).set({ bio }).where(eq(users.id, other.user.id)).getSQL(),
            },
          },
        ];
      },
    });
    // Setting the bio only where it differs: the second identical change matches no row.
    const gatedChange = () =>
      t.db
        .update(users)
        .set({ bio: 'gated' })
        .where(and(eq(users.id, user.user.id), sql`${users.bio} is distinct from 'gated'`))
        .returning({ id: users.id })
        .getSQL();
    const record = () =>
      recordChange(t.db, user.user, profileUpdated(user.user.id), systemMeta(new Date()), {
        change: gatedChange(),
        onlyIfChanged: true,
      });
    const told: string[] = [];
    const stop = t.container.database.onCommittedEvent((e) => told.push(e.event.subjectId));
    const audited = async (subjectId: string) =>
      (
        await t.db
          .select()
          .from(auditEvents)
          .where(
            and(eq(auditEvents.action, 'profile.updated'), eq(auditEvents.subjectId, subjectId)),
          )
      ).length;
    try {
      await expect(record()).resolves.toBe(true);
      expect(await audited(user.user.id)).toBe(1);
      expect(await audited(other.user.id)).toBe(1);
      expect(told).toEqual([user.user.id, other.user.id]);

      told.length = 0;
      await expect(record()).resolves.toBe(false);
      expect(await audited(user.user.id)).toBe(1);
      expect(await audited(other.user.id)).toBe(1);
      expect(told).toEqual([]);
    } finally {
      stop();
      noConsumer();
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, other.user.id));
    expect(row?.bio).toBe('by the consumer');
  });
});
