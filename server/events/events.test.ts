import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishedEvent } from '../../common/events';
import { auditEvents, outboxEvents } from '../db/schema/index';
import { createTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/factories';
import { recordEvent, systemMeta } from './record';

let t: TestApp;
const heard: PublishedEvent[] = [];
beforeAll(async () => {
  t = await createTestApp();
  t.container.bus.subscribe((event) => heard.push(event));
});
afterAll(() => t.close());

const heardAbout = (subjectId: string) => heard.filter((e) => e.event.subjectId === subjectId);

describe('typed domain events: audit row and outbox in the transaction of the change', () => {
  it('records who, what and from where for a change made through HTTP, then publishes it', async () => {
    const fan = await createUser(t);
    const creator = await createUser(t, { role: 'creator' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/creator/${creator.user.username}/follow`,
      headers: { ...fan.auth, 'user-agent': 'events-test/1', 'x-request-id': 'req-events-1' },
    });
    expect(res.statusCode, res.body).toBe(200);

    // follow.* is not kept in the audit trail (engagement), but it is published to the bus.
    await t.container.flushEvents();
    const [published] = heardAbout(creator.user.id);
    expect(published).toMatchObject({
      actorId: fan.user.id,
      audience: [creator.user.id],
      event: {
        type: 'follow.created',
        data: { followerId: fan.user.id, creatorId: creator.user.id, followers: 1 },
      },
    });
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

  it('publishes at commit without being asked (NOTIFY wakes the relay)', async () => {
    const user = await createUser(t);
    await t.db.transaction((tx) =>
      recordEvent(
        tx,
        user.user,
        { type: 'profile.updated', subjectId: user.user.id, data: { fields: ['bio'] } },
        systemMeta(new Date()),
      ),
    );
    // Well inside the relay's 2 s safety-net poll: the notification did it.
    await expect
      .poll(() => heardAbout(user.user.id).map((e) => e.event.type), { timeout: 1500 })
      .toEqual(['profile.updated']);
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
