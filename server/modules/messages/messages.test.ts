import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarkReadResponse, UnreadSummary } from '../../../common/schemas/messages';
import { messages, outboxEvents, reports, users } from '../../db/schema/index';
import { createTestApp, uniqueName, type TestApp } from '../../test/app';
import {
  createItem,
  createUser,
  follow,
  grantMembership,
  type TestUser,
} from '../../test/factories';
import { chatUsersOf, historyOf, newClientId, postMessage, sendOk } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const creator = (overrides: Parameters<typeof createUser>[1] = {}) =>
  createUser(t, { role: 'creator', ...overrides });
const fan = (overrides: Parameters<typeof createUser>[1] = {}) => createUser(t, overrides);

/** Every stored message between two people, oldest first. */
async function storedTexts(a: TestUser, b: TestUser): Promise<string[]> {
  const page = await historyOf(t, a, b.user.id, '?limit=100');
  return page.messages.map((m) => m.text).reverse();
}

async function messageCountOf(sender: TestUser): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(eq(messages.senderId, sender.user.id));
  return row?.n ?? 0;
}

const unreadOf = async (who: TestUser) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/messages/unread',
    headers: who.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return UnreadSummary.parse(res.json()).total;
};

const markRead = (who: TestUser, peerId: string, upTo: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/messages/${peerId}/read`,
    headers: who.auth,
    payload: { upTo },
  });

const block = (who: TestUser, targetId: string, method: 'POST' | 'DELETE' = 'POST') =>
  t.app.inject({ method, url: `/api/v1/users/${targetId}/block`, headers: who.auth });

const report = (who: TestUser, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/messages/report',
    headers: who.auth,
    payload: body,
  });

describe('POST /api/v1/messages/{userId}', () => {
  it('stores the trimmed text and answers the SPEC §3 message', async () => {
    const star = await creator();
    const me = await fan();
    const clientId = newClientId();
    const res = await postMessage(t, me, star.user.id, { text: '  Hello there  ', clientId });
    expect(res.statusCode, res.body).toBe(201);
    const { message } = res.json();
    expect(message).toEqual({
      id: expect.stringMatching(/^\d+$/),
      text: 'Hello there',
      sender: me.user.id,
      timestamp: expect.any(String),
      clientId,
    });
    // The recipient sees the same message, without the sender's client id.
    const theirs = await historyOf(t, star, me.user.id);
    expect(theirs.messages).toEqual([{ ...message, clientId: null }]);
    expect(theirs.peer).toMatchObject({ id: me.user.id, name: me.user.username, unread: 1 });
  });

  it('records message.created for both people, in the transaction of the send', async () => {
    const star = await creator();
    const me = await fan();
    const message = await sendOk(t, me, star, 'Event please');
    const [row] = await t.db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.type, 'message.created'), eq(outboxEvents.subjectId, message.id)));
    expect(row?.audience.sort()).toEqual([me.user.id, star.user.id].sort());
    expect(row?.data).toMatchObject({ senderId: me.user.id, recipientId: star.user.id });
    // The text stays in the messages table: events name the message, they do not copy it.
    expect(JSON.stringify(row?.data)).not.toContain('Event please');
  });

  it.each([
    ['empty text', { text: '' }],
    ['whitespace-only text', { text: ' \n\t ' }],
    ['text over 2,000 characters', { text: 'x'.repeat(2001) }],
    ['no text', {}],
    ['text that is not a string', { text: 42 }],
  ])('refuses %s with 400 and stores nothing', async (_what, body) => {
    const star = await creator();
    const me = await fan();
    const res = await postMessage(t, me, star.user.id, { clientId: newClientId(), ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('error');
    expect(await messageCountOf(me)).toBe(0);
  });

  it('takes 2,000 characters once the surrounding spaces are trimmed', async () => {
    const star = await creator();
    const me = await fan();
    const text = 'é'.repeat(2000);
    const stored = await sendOk(t, me, star, `   ${text}\n`);
    expect(stored.text).toBe(text);
  });

  it.each([
    ['no clientId', { text: 'hi' }],
    ['a short clientId', { text: 'hi', clientId: 'abc' }],
    ['a clientId with spaces', { text: 'hi', clientId: 'a b c d e f g h' }],
  ])('refuses %s with 400', async (_what, body) => {
    const star = await creator();
    const me = await fan();
    const res = await postMessage(t, me, star.user.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('error');
    expect(await messageCountOf(me)).toBe(0);
  });

  it('refuses messaging yourself with 400', async () => {
    const me = await creator();
    const res = await postMessage(t, me, me.user.id, {
      text: 'note to self',
      clientId: newClientId(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'You cannot message yourself' });
    expect(await messageCountOf(me)).toBe(0);
  });

  it('answers 404 for an unknown, malformed, suspended or deleted person', async () => {
    const me = await fan();
    const suspended = await creator({ status: 'suspended' });
    const deleted = await creator({ status: 'deleted' });
    for (const id of [
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
      "1' or '1'='1",
      suspended.user.id,
      deleted.user.id,
    ]) {
      const res = await postMessage(t, me, encodeURIComponent(id), {
        text: 'hello',
        clientId: newClientId(),
      });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ error: 'User not found' });
    }
    expect(await messageCountOf(me)).toBe(0);
  });

  it('needs a live token (401)', async () => {
    const star = await creator();
    const me = await fan();
    const signedOut = await t.app.inject({
      method: 'POST',
      url: `/api/v1/messages/${star.user.id}`,
      payload: { text: 'hi', clientId: newClientId() },
    });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({ error: 'Sign-in required' });
    const forged = { ...me, auth: { authorization: `Bearer ${me.token}x` } };
    expect(
      (await postMessage(t, forged, star.user.id, { text: 'hi', clientId: newClientId() }))
        .statusCode,
    ).toBe(401);
    expect(await messageCountOf(me)).toBe(0);
  });

  describe('idempotent retries', () => {
    it('stores one message for two posts with the same clientId', async () => {
      const star = await creator();
      const me = await fan();
      const clientId = newClientId();
      const first = await postMessage(t, me, star.user.id, { text: 'Once', clientId });
      const again = await postMessage(t, me, star.user.id, { text: 'Once', clientId });
      expect(first.statusCode).toBe(201);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(await storedTexts(me, star)).toEqual(['Once']);
      expect((await historyOf(t, star, me.user.id)).peer.unread).toBe(1);
    });

    it('stores one message when the retries race', async () => {
      const star = await creator();
      const me = await fan();
      const clientId = newClientId();
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          postMessage(t, me, star.user.id, { text: 'Race', clientId }),
        ),
      );
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
      expect(new Set(answers.map((r) => r.json().message.id)).size).toBe(1);
      expect(await storedTexts(me, star)).toEqual(['Race']);
      expect((await historyOf(t, star, me.user.id)).peer.unread).toBe(1);
    });

    it('refuses a clientId reused for another text or another person (409)', async () => {
      const star = await creator();
      const other = await creator();
      const me = await fan();
      const clientId = newClientId();
      await sendOk(t, me, star, 'First', clientId);
      const otherText = await postMessage(t, me, star.user.id, { text: 'Second', clientId });
      expect(otherText.statusCode).toBe(409);
      expect(otherText.json()).toHaveProperty('error');
      const otherPerson = await postMessage(t, me, other.user.id, { text: 'First', clientId });
      expect(otherPerson.statusCode).toBe(409);
      expect(await messageCountOf(me)).toBe(1);
    });
  });

  describe('who may message whom', () => {
    const refusedWith403 = async (from: TestUser, to: TestUser) => {
      const res = await postMessage(t, from, to.user.id, { text: 'hi', clientId: newClientId() });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ error: expect.any(String) });
    };

    it('lets anyone signed in message a creator', async () => {
      const star = await creator();
      for (const role of ['user', 'hypr', 'moderator', 'creator'] as const) {
        const sender = await createUser(t, { role });
        await sendOk(t, sender, star, `from a ${role}`);
      }
    });

    it('lets a creator message followers and members, and nobody else', async () => {
      const star = await creator();
      const stranger = await fan();
      await refusedWith403(star, stranger);

      const follower = await fan();
      await follow(t, follower, star);
      await sendOk(t, star, follower, 'Thanks for following');

      const member = await fan();
      await grantMembership(t, member, star, 'Hypr');
      await sendOk(t, star, member, 'Welcome, member');
      expect(await messageCountOf(star)).toBe(2);
    });

    it('lets two non-creators message each other only when both follow one another', async () => {
      // People who publish can be followed, also once an admin has taken back the creator role
      // their first item gave them (their role is user again).
      const ann = await fan();
      const bob = await fan();
      await createItem(t, ann);
      await createItem(t, bob);
      await t.db
        .update(users)
        .set({ role: 'user' })
        .where(inArray(users.id, [ann.user.id, bob.user.id]));
      await refusedWith403(ann, bob);
      await follow(t, ann, bob);
      await refusedWith403(ann, bob);
      await refusedWith403(bob, ann);
      await follow(t, bob, ann);
      await sendOk(t, ann, bob, 'We follow each other');
      await sendOk(t, bob, ann, 'Indeed');
    });

    it('lets anyone answer a person who wrote to them', async () => {
      const star = await creator();
      const me = await fan();
      await refusedWith403(star, me);
      await sendOk(t, me, star, 'Love your work');
      await sendOk(t, star, me, 'Thank you!');
      expect(await storedTexts(me, star)).toEqual(['Love your work', 'Thank you!']);
    });

    it('shows the refusal with the history, so the panel can say why', async () => {
      const star = await creator();
      const stranger = await fan();
      const page = await historyOf(t, star, stranger.user.id);
      expect(page.abilities.canMessage).toBe(false);
      expect(page.sendRefusal).toBe('notAllowed');
      const mine = await historyOf(t, stranger, star.user.id);
      expect(mine.abilities).toEqual({ canMessage: true, canBlock: true, canReport: true });
      expect(mine.sendRefusal).toBeNull();
    });
  });

  it('is limited per user (429), on its own counter per person', async () => {
    const limited = await createTestApp({ env: { MESSAGE_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const star = await createUser(limited, { role: 'creator' });
      const me = await createUser(limited);
      const other = await createUser(limited);
      for (let i = 0; i < 3; i += 1) {
        const res = await postMessage(limited, me, star.user.id, {
          text: `m${i}`,
          clientId: newClientId(),
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      const over = await postMessage(limited, me, star.user.id, {
        text: 'm3',
        clientId: newClientId(),
      });
      expect(over.statusCode).toBe(429);
      expect(over.json()).toHaveProperty('error');
      const fresh = await postMessage(limited, other, star.user.id, {
        text: 'x',
        clientId: newClientId(),
      });
      expect(fresh.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/v1/messages/{userId}', () => {
  it('pages by keyset: every message exactly once while new ones arrive', async () => {
    const star = await creator();
    const me = await fan();
    const sent: string[] = [];
    const send = async (n: number) => {
      for (let i = 0; i < n; i += 1) {
        const text = `m${sent.length}`;
        sent.push(text);
        await sendOk(t, i % 2 ? star : me, i % 2 ? me : star, text);
      }
    };
    await send(23);
    const before = [...sent];
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await historyOf(
        t,
        me,
        star.user.id,
        `?limit=5${cursor ? `&before=${cursor}` : ''}`,
      );
      seen.push(...page.messages.map((m) => m.text));
      cursor = page.nextBefore;
      pages += 1;
      // New messages keep arriving between the pages.
      await send(2);
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toEqual([...before].reverse());
    expect(new Set(seen).size).toBe(seen.length);
    // The newest page now starts with what arrived meanwhile.
    const newest = await historyOf(t, me, star.user.id, '?limit=10');
    expect(newest.messages.map((m) => m.text)).toEqual(sent.slice(-10).reverse());
  });

  it('never shows a conversation to someone outside it', async () => {
    const star = await creator();
    const me = await fan();
    const outsider = await creator();
    const secret = await sendOk(t, me, star, 'Just between us');
    // The outsider can only ask for their own conversation with either person: it is empty.
    for (const peer of [me, star]) {
      const page = await historyOf(t, outsider, peer.user.id);
      expect(page.messages).toEqual([]);
      expect(page.peer.lastMessage).toBeNull();
      expect(JSON.stringify(page)).not.toContain('Just between us');
    }
    // Nor can they mark it read or report from it.
    expect((await markRead(outsider, me.user.id, secret.id)).statusCode).toBe(404);
    expect((await markRead(outsider, star.user.id, secret.id)).statusCode).toBe(404);
    const reported = await report(outsider, { messageId: secret.id, reason: 'spam' });
    expect(reported.statusCode).toBe(404);
    expect((await historyOf(t, star, me.user.id)).peer.unread).toBe(1);
  });

  it('refuses a bad cursor or limit with 400', async () => {
    const star = await creator();
    const me = await fan();
    for (const query of [
      '?before=abc',
      '?before=0',
      '?before=-1',
      '?limit=0',
      '?limit=101',
      '?limit=x',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/messages/${star.user.id}${query}`,
        headers: me.auth,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
  });

  it('answers 404 for an unknown or suspended person, 400 for yourself, 401 signed out', async () => {
    const me = await fan();
    const suspended = await creator({ status: 'suspended' });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', suspended.user.id]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/messages/${id}`,
        headers: me.auth,
      });
      expect(res.statusCode, id).toBe(404);
    }
    const self = await t.app.inject({
      method: 'GET',
      url: `/api/v1/messages/${me.user.id}`,
      headers: me.auth,
    });
    expect(self.statusCode).toBe(400);
    const signedOut = await t.app.inject({ method: 'GET', url: `/api/v1/messages/${me.user.id}` });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('GET /api/v1/messages/users', () => {
  it('lists the conversations, most recent first, with the last message and unread count', async () => {
    const me = await creator();
    const [a, b, c] = [await fan(), await fan(), await fan()];
    await sendOk(t, a, me, 'from a');
    await sendOk(t, b, me, 'from b 1');
    await sendOk(t, b, me, 'from b 2');
    await sendOk(t, c, me, 'from c');
    await sendOk(t, me, a, 'answer to a');
    const page = await chatUsersOf(t, me);
    expect(page.nextCursor).toBeNull();
    // Answering a read their message.
    expect(page.users.map((u) => [u.id, u.lastMessage?.text, u.unread])).toEqual([
      [a.user.id, 'answer to a', 0],
      [c.user.id, 'from c', 1],
      [b.user.id, 'from b 2', 2],
    ]);
    expect(page.users[0]).toEqual({
      id: a.user.id,
      name: a.user.username,
      avatar: null,
      username: a.user.username,
      lastMessage: {
        id: expect.any(String),
        text: 'answer to a',
        sender: me.user.id,
        timestamp: expect.any(String),
      },
      unread: 0,
      blockedByMe: false,
    });
    expect(await unreadOf(me)).toBe(3);
  });

  it('pages 20 at a time, each conversation exactly once', async () => {
    const me = await creator();
    const fans: TestUser[] = [];
    for (let i = 0; i < 23; i += 1) {
      const f = await fan();
      fans.push(f);
      await sendOk(t, f, me, `hello ${i}`);
    }
    const first = await chatUsersOf(t, me);
    expect(first.users).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    // A conversation that moves to the top meanwhile does not disturb the next page.
    const second = await chatUsersOf(t, me, { cursor: first.nextCursor! });
    expect(second.users).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.users, ...second.users].map((u) => u.id);
    expect(ids).toEqual(fans.map((f) => f.user.id).reverse());
  });

  it('previews a long last message and leaves suspended people out', async () => {
    const me = await creator();
    const talker = await fan();
    const gone = await fan();
    await sendOk(t, talker, me, 'y'.repeat(500));
    await sendOk(t, gone, me, 'soon gone');
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, gone.user.id));
    const page = await chatUsersOf(t, me);
    expect(page.users.map((u) => u.id)).toEqual([talker.user.id]);
    expect(Array.from(page.users[0]!.lastMessage!.text)).toHaveLength(140);
    expect(await unreadOf(me)).toBe(1);
  });

  it('finds people to message by username or display name, in any letter case', async () => {
    const tag = uniqueName('zq').toLowerCase().slice(0, 12);
    const me = await fan();
    const byName = await creator({ username: `${tag}_Star` });
    const byDisplay = await creator({ displayName: `The ${tag.toUpperCase()} Band` });
    const notMessageable = await fan({ username: `${tag}_fan` });
    const suspended = await creator({ username: `${tag}_gone`, status: 'suspended' });
    const page = await chatUsersOf(t, me, { q: tag.toUpperCase() });
    expect(page.users.map((u) => u.id).sort()).toEqual([byName.user.id, byDisplay.user.id].sort());
    expect(page.users.find((u) => u.id === byDisplay.user.id)?.name).toBe(
      `The ${tag.toUpperCase()} Band`,
    );
    expect(page.users.map((u) => u.id)).not.toContain(notMessageable.user.id);
    expect(page.users.map((u) => u.id)).not.toContain(suspended.user.id);
    // Never the viewer, even when they match and are a creator.
    const self = await creator({ username: `${tag}_me` });
    const mine = await chatUsersOf(t, self, { q: tag });
    expect(mine.users.map((u) => u.id)).not.toContain(self.user.id);
  });

  it('finds followers and members of a creator, and people who wrote to them', async () => {
    const tag = uniqueName('fw').toLowerCase().slice(0, 12);
    const star = await creator();
    const follower = await fan({ username: `${tag}_follower` });
    const member = await fan({ username: `${tag}_member` });
    const writer = await fan({ username: `${tag}_writer` });
    await fan({ username: `${tag}_stranger` });
    await follow(t, follower, star);
    await grantMembership(t, member, star, 'Hypr');
    await sendOk(t, writer, star, 'hi');
    const page = await chatUsersOf(t, star, { q: tag });
    expect(page.users.map((u) => u.username)).toEqual([
      `${tag}_follower`,
      `${tag}_member`,
      `${tag}_writer`,
    ]);
    // A fan finds none of them: they are not creators.
    expect((await chatUsersOf(t, follower, { q: tag })).users).toEqual([]);
  });

  it('pages a search 20 at a time and takes wildcards literally', async () => {
    const tag = uniqueName('pg').toLowerCase().slice(0, 12);
    const me = await fan();
    const names: string[] = [];
    for (let i = 0; i < 22; i += 1) {
      const name = `${tag}_${String(i).padStart(2, '0')}`;
      names.push(name);
      await creator({ username: name });
    }
    const first = await chatUsersOf(t, me, { q: tag });
    expect(first.users).toHaveLength(20);
    const second = await chatUsersOf(t, me, { q: tag, cursor: first.nextCursor! });
    expect(second.nextCursor).toBeNull();
    expect([...first.users, ...second.users].map((u) => u.username)).toEqual(names);
    expect((await chatUsersOf(t, me, { q: `${tag}%` })).users).toEqual([]);
    expect((await chatUsersOf(t, me, { q: `${tag}_0_` })).users).toEqual([]);
  });

  it('refuses a forged cursor, a cursor of the other list and a long query (400)', async () => {
    const me = await fan();
    const cursorOf = (position: unknown) =>
      Buffer.from(JSON.stringify(position)).toString('base64url');
    for (const query of [
      '?cursor=%%%',
      `?cursor=${cursorOf(['x', 1])}`,
      `?q=abc&cursor=${cursorOf(['i', 5])}`,
      `?cursor=${cursorOf(['s', 'abc'])}`,
      `?q=abc&cursor=${cursorOf(['s', 'ABC'])}`,
      `?q=${'a'.repeat(51)}`,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/messages/users${query}`,
        headers: me.auth,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/v1/messages/users' });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('POST /api/v1/messages/{userId}/read', () => {
  it('marks the conversation read up to a message, and only forward', async () => {
    const star = await creator();
    const me = await fan();
    const first = await sendOk(t, me, star, 'one');
    const second = await sendOk(t, me, star, 'two');
    await sendOk(t, me, star, 'three');
    expect(await unreadOf(star)).toBe(3);

    const res = await markRead(star, me.user.id, second.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(MarkReadResponse.parse(res.json())).toEqual({
      readUpTo: second.id,
      unread: 1,
      unreadTotal: 1,
    });
    // The sender sees how far it was read.
    expect((await historyOf(t, me, star.user.id)).peerReadUpTo).toBe(second.id);

    const backwards = await markRead(star, me.user.id, first.id);
    expect(backwards.json()).toEqual({ readUpTo: second.id, unread: 1, unreadTotal: 1 });
    const events = await t.db
      .select({ data: outboxEvents.data })
      .from(outboxEvents)
      .where(and(eq(outboxEvents.type, 'message.read'), eq(outboxEvents.actorId, star.user.id)));
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({ readerId: star.user.id, upToMessageId: second.id });
  });

  it('takes an answer as having read the conversation', async () => {
    const star = await creator();
    const me = await fan();
    await sendOk(t, me, star, 'one');
    await sendOk(t, me, star, 'two');
    expect(await unreadOf(star)).toBe(2);
    const answer = await sendOk(t, star, me, 'both read');
    expect(await unreadOf(star)).toBe(0);
    expect((await historyOf(t, me, star.user.id)).peerReadUpTo).toBe(answer.id);
    expect(await unreadOf(me)).toBe(1);
  });

  it('counts only what the other person sent after the mark', async () => {
    const star = await creator();
    const me = await fan();
    await sendOk(t, me, star, 'question');
    const answer = await sendOk(t, star, me, 'answer');
    const res = await markRead(star, me.user.id, answer.id);
    expect(res.json()).toMatchObject({ unread: 0, unreadTotal: 0 });
  });

  it('refuses a message of another conversation (400), no conversation (404), bad input (400)', async () => {
    const star = await creator();
    const me = await fan();
    const other = await fan();
    await sendOk(t, me, star, 'mine');
    const elsewhere = await sendOk(t, other, star, 'theirs');
    const wrong = await markRead(star, me.user.id, elsewhere.id);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'That message is not in this conversation' });
    expect(await unreadOf(star)).toBe(2);

    const stranger = await creator();
    expect((await markRead(stranger, me.user.id, elsewhere.id)).statusCode).toBe(404);
    for (const upTo of ['abc', 0, null, '1.5', '']) {
      expect((await markRead(star, me.user.id, upTo)).statusCode, String(upTo)).toBe(400);
    }
  });
});

describe('blocking', () => {
  it('stops the blocked person messaging and finding the blocker, until unblocked', async () => {
    const tag = uniqueName('bl').toLowerCase().slice(0, 12);
    const star = await creator({ username: `${tag}_star` });
    const pest = await fan();
    await sendOk(t, pest, star, 'first');
    expect((await chatUsersOf(t, pest)).users.map((u) => u.id)).toEqual([star.user.id]);

    const blocked = await block(star, pest.user.id);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toEqual({ blocked: true });

    const refused = await postMessage(t, pest, star.user.id, {
      text: 'again',
      clientId: newClientId(),
    });
    expect(refused.statusCode).toBe(403);
    expect((await chatUsersOf(t, pest, { q: tag })).users).toEqual([]);
    expect((await chatUsersOf(t, pest)).users).toEqual([]);
    // The blocker keeps the conversation, marked, and cannot write into it either.
    const mine = await chatUsersOf(t, star);
    expect(mine.users.map((u) => [u.id, u.blockedByMe])).toEqual([[pest.user.id, true]]);
    const page = await historyOf(t, star, pest.user.id);
    expect(page.sendRefusal).toBe('blockedByMe');
    expect(
      (await postMessage(t, star, pest.user.id, { text: 'x', clientId: newClientId() })).statusCode,
    ).toBe(403);

    const unblocked = await block(star, pest.user.id, 'DELETE');
    expect(unblocked.json()).toEqual({ blocked: false });
    await sendOk(t, pest, star, 'sorry');
    expect((await chatUsersOf(t, pest, { q: tag })).users.map((u) => u.id)).toEqual([star.user.id]);
  });

  it('is idempotent and records one event per change', async () => {
    const me = await fan();
    const other = await fan();
    for (let i = 0; i < 2; i += 1)
      expect((await block(me, other.user.id)).json()).toEqual({ blocked: true });
    for (let i = 0; i < 2; i += 1) {
      expect((await block(me, other.user.id, 'DELETE')).json()).toEqual({ blocked: false });
    }
    const events = await t.db
      .select({ type: outboxEvents.type })
      .from(outboxEvents)
      // Beside the account's own sign-up (test/factories.ts).
      .where(and(eq(outboxEvents.subjectId, me.user.id), ne(outboxEvents.type, 'account.created')));
    expect(events.map((e) => e.type).sort()).toEqual(['user.blocked', 'user.unblocked']);
  });

  it('refuses yourself (400), unknown people (404) and signed-out callers (401)', async () => {
    const me = await fan();
    const self = await block(me, me.user.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ error: 'You cannot block yourself' });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nobody']) {
      expect((await block(me, id)).statusCode).toBe(404);
      expect((await block(me, id, 'DELETE')).statusCode).toBe(404);
    }
    const signedOut = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${me.user.id}/block`,
    });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('POST /api/v1/messages/report', () => {
  it('stores one report of a received message for moderators', async () => {
    const star = await creator();
    const me = await fan();
    const rude = await sendOk(t, me, star, 'something rude');
    const res = await report(star, {
      messageId: rude.id,
      reason: 'harassment',
      text: '  not ok  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    expect(answer).toEqual({ id: expect.any(String), status: 'open' });
    const [row] = await t.db
      .select()
      .from(reports)
      .where(eq(reports.id, Number(answer.id)));
    expect(row).toMatchObject({
      reporterId: star.user.id,
      targetType: 'message',
      targetId: rude.id,
      reason: 'harassment',
      text: 'not ok',
      status: 'open',
      resolvedAt: null,
      resolvedBy: null,
      resolution: null,
    });
    const again = await report(star, { messageId: rude.id, reason: 'spam' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(answer);
    const events = await t.db
      .select({ data: outboxEvents.data })
      .from(outboxEvents)
      .where(and(eq(outboxEvents.type, 'report.created'), eq(outboxEvents.subjectId, answer.id)));
    expect(events.map((e) => e.data)).toEqual([
      { targetType: 'message', targetId: rude.id, reason: 'harassment' },
    ]);
  });

  it('refuses your own message, bad reasons and unknown messages', async () => {
    const star = await creator();
    const me = await fan();
    const mine = await sendOk(t, me, star, 'my own');
    expect((await report(me, { messageId: mine.id, reason: 'spam' })).statusCode).toBe(400);
    expect((await report(star, { messageId: mine.id, reason: 'boring' })).statusCode).toBe(400);
    expect((await report(star, { messageId: 'x', reason: 'spam' })).statusCode).toBe(400);
    expect(
      (await report(star, { messageId: mine.id, reason: 'other', text: 'x'.repeat(1001) }))
        .statusCode,
    ).toBe(400);
    expect((await report(star, { messageId: '999999999999', reason: 'spam' })).statusCode).toBe(
      404,
    );
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/v1/messages/report',
      payload: { messageId: mine.id, reason: 'spam' },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});
