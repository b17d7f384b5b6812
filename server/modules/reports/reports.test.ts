import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Report } from '../../../common/schemas/reports';
import { systemMeta } from '../../events/record';
import { createTestApp, type TestApp } from '../../test/app';
import { createItem, createUser, type TestUser } from '../../test/factories';
import { auditOf, inject } from '../admin/test-helpers';
import { createReport } from './index';

let t: TestApp;
let moderator: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  moderator = await createUser(t, { role: 'moderator' });
});
afterAll(() => t.close());

const report = (who: TestUser | null, body: object) =>
  inject(t, who, 'POST', '/api/v1/reports', body);

async function queue(status: 'open' | 'resolved' = 'open'): Promise<Report[]> {
  const res = await inject(t, moderator, 'GET', `/api/v1/admin/reports?status=${status}&limit=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().reports.map((r: unknown) => Report.parse(r));
}

async function comment(who: TestUser, itemId: number, text: string): Promise<number> {
  const res = await inject(t, who, 'POST', `/api/v1/items/${itemId}/comments`, { text });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().comment.id;
}

describe('POST /api/v1/reports', () => {
  it('files one open report per person and item, audited, and lists it for moderators', async () => {
    const owner = await createUser(t, { role: 'creator' });
    const item = await createItem(t, owner, { title: 'Copied cover' });
    const fan = await createUser(t);
    const body = {
      targetType: 'item',
      targetId: String(item.id),
      reason: 'copyright',
      text: 'Mine',
    };
    const first = await report(fan, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ status: 'open', created: true });
    const again = await report(fan, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id: first.json().id, status: 'open', created: false });

    const listed = (await queue()).find((r) => r.id === first.json().id);
    expect(listed).toMatchObject({
      reporter: fan.user.username,
      targetType: 'item',
      targetId: String(item.id),
      targetUserId: owner.user.id,
      targetUser: owner.user.username,
      itemId: item.id,
      targetLabel: 'Copied cover',
      reason: 'copyright',
      text: 'Mine',
      status: 'open',
    });
    const audit = await auditOf(t, String(first.json().id), 'report.created');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: fan.user.id,
      data: { targetType: 'item', targetId: String(item.id), reason: 'copyright' },
    });
  });

  it('reports a comment, with its text and item for the moderators', async () => {
    const owner = await createUser(t, { role: 'creator' });
    const item = await createItem(t, owner, { priceCents: 0 });
    const troll = await createUser(t);
    const fan = await createUser(t);
    const commentId = await comment(troll, item.id, 'You are all fools');
    const res = await report(fan, {
      targetType: 'comment',
      targetId: String(commentId),
      reason: 'harassment',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await queue()).find((r) => r.id === res.json().id)).toMatchObject({
      targetType: 'comment',
      targetUserId: troll.user.id,
      itemId: item.id,
      targetLabel: 'You are all fools',
      text: '',
    });
    // The author cannot report their own comment.
    const own = await report(troll, {
      targetType: 'comment',
      targetId: String(commentId),
      reason: 'spam',
    });
    expect(own.statusCode).toBe(400);
  });

  it('reports a person', async () => {
    const target = await createUser(t);
    const fan = await createUser(t);
    const res = await report(fan, { targetType: 'user', targetId: target.user.id, reason: 'scam' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await queue()).find((r) => r.id === res.json().id)).toMatchObject({
      targetUserId: target.user.id,
      targetLabel: target.user.username,
      itemId: null,
    });
    const self = await report(fan, { targetType: 'user', targetId: fan.user.id, reason: 'scam' });
    expect(self.statusCode).toBe(400);
  });

  it('answers 404 for what the reporter cannot see, and 4xx for bad input, writing nothing', async () => {
    const fan = await createUser(t);
    const owner = await createUser(t, { role: 'creator' });
    const item = await createItem(t, owner);
    const suspended = await createUser(t, { status: 'suspended' });
    const hidden = await createItem(t, owner);
    const hide = await inject(t, moderator, 'POST', `/api/v1/admin/content/${hidden.id}/hide`);
    expect(hide.statusCode).toBe(200);
    for (const [body, status] of [
      [{ targetType: 'item', targetId: '999999999', reason: 'spam' }, 404],
      [{ targetType: 'item', targetId: 'abc', reason: 'spam' }, 404],
      [{ targetType: 'item', targetId: String(hidden.id), reason: 'spam' }, 404],
      [{ targetType: 'comment', targetId: '999999999', reason: 'spam' }, 404],
      [
        { targetType: 'user', targetId: '00000000-0000-4000-8000-000000000000', reason: 'spam' },
        404,
      ],
      [{ targetType: 'user', targetId: suspended.user.id, reason: 'spam' }, 404],
      [{ targetType: 'user', targetId: 'x', reason: 'spam' }, 404],
      [{ targetType: 'item', targetId: String(item.id), reason: 'boring' }, 400],
      [{ targetType: 'item', targetId: String(item.id) }, 400],
      [{ targetType: 'item', targetId: String(item.id), reason: 'other' }, 400],
      [{ targetType: 'item', targetId: String(item.id), reason: 'other', text: '   ' }, 400],
      [
        { targetType: 'item', targetId: String(item.id), reason: 'spam', text: 'x'.repeat(1001) },
        400,
      ],
      [{ targetType: 'message', targetId: '1', reason: 'spam' }, 400],
      [{ targetType: 'item', targetId: '', reason: 'spam' }, 400],
    ] as const) {
      const res = await report(fan, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(typeof res.json().error).toBe('string');
    }
    const ownItem = await report(owner, {
      targetType: 'item',
      targetId: String(item.id),
      reason: 'spam',
    });
    expect(ownItem.statusCode).toBe(400);
    expect(
      (await report(null, { targetType: 'item', targetId: String(item.id), reason: 'spam' }))
        .statusCode,
    ).toBe(401);
    expect((await queue()).filter((r) => r.reporterId === fan.user.id)).toEqual([]);
  });
});

describe('createReport (used by the messages module)', () => {
  it('files a message report that moderators can act on through the person behind it', async () => {
    const sender = await createUser(t);
    const reader = await createUser(t);
    const messageId = '7f1c1c4e-0000-4000-8000-00000000abcd';
    const { report: row, created } = await t.db.transaction((tx) =>
      createReport(
        tx,
        reader.user,
        { type: 'message', id: messageId, userId: sender.user.id },
        'harassment',
        'Threats',
        systemMeta(new Date()),
      ),
    );
    expect(created).toBe(true);
    expect((await queue()).find((r) => r.id === row.id)).toMatchObject({
      targetType: 'message',
      targetId: messageId,
      targetUserId: sender.user.id,
      itemId: null,
      targetLabel: null,
    });
    const warned = await inject(t, moderator, 'POST', `/api/v1/admin/reports/${row.id}/resolve`, {
      action: 'warn',
    });
    expect(warned.statusCode, warned.body).toBe(200);
    expect(warned.json().warning).toMatchObject({
      userId: sender.user.id,
      reason: 'Reported for harassment',
    });
    expect((await queue('resolved')).find((r) => r.id === row.id)?.resolution).toBe('warn');
  });
});
