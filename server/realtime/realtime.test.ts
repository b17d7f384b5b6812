import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_CLOSE, REALTIME_PROTOCOL } from '../../common/realtime';
import { outboxEvents, users } from '../db/schema/index';
import { toPublished } from '../events/relay';
import { systemMeta } from '../events/record';
import { sendOk } from '../modules/messages/test-helpers';
import { topUp } from '../modules/billing/test-helpers';
import { changeRole, endAllSessions, setAccountStatus } from '../modules/users/index';
import { createTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/factories';
import { MAX_SOCKETS_PER_USER } from './gateway';
import { deliversAcrossInstances } from '../test/realtime-delivery';
import { eventOf, listen, TestSocket } from './test-client';

// A one-second heartbeat: dead sockets, unauthenticated ones and ended sessions are found fast.
let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp({ env: { REALTIME_HEARTBEAT_SECONDS: '1' } });
  url = await listen(t);
});
afterAll(() => t.close());

const creator = () => createUser(t, { role: 'creator' });
const meta = () => systemMeta(new Date());

describe('realtime on one instance (in-process bus)', () => {
  it('delivers messages to both people and ends a logged-out socket within 5 seconds', async () => {
    await deliversAcrossInstances(t, url);
  });

  it('sends nothing of a conversation to anyone outside it', async () => {
    const star = await creator();
    const fan = await createUser(t);
    const outsider = await createUser(t);
    const watcher = await TestSocket.signedIn(url, outsider.token);
    await sendOk(t, fan, star, 'private words');
    // Events reach sockets in commit order: had the first reached the outsider, it would have
    // come before the echo of the outsider's own later message.
    const mine = await sendOk(t, outsider, await creator(), 'my own words');
    await watcher.waitFor(eventOf('message.created', (d) => d.message.id === mine.id));
    expect(JSON.stringify(watcher.frames)).not.toContain('private words');
    expect(watcher.frames.map((f) => f.type)).toEqual([
      'ready',
      'message.created',
      'conversation.updated',
    ]);
    watcher.close();
  });
});

describe('moderation', () => {
  it('tells a warned person at once, and nobody else, without the reason', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const warned = await createUser(t);
    const bystander = await createUser(t);
    const socket = await TestSocket.signedIn(url, warned.token);
    const other = await TestSocket.signedIn(url, bystander.token);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/${warned.user.id}/warn`,
      headers: admin.auth,
      payload: { reason: 'secret reason' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const frame = await socket.waitFor(eventOf('warning.received'));
    expect(frame.data).toEqual({ warningId: expect.any(Number) });
    expect(JSON.stringify(socket.frames)).not.toContain('secret reason');
    // The bystander's next event proves the warning's event was never queued for them.
    const mine = await sendOk(t, bystander, await creator(), 'still here');
    await other.waitFor(eventOf('message.created', (d) => d.message.id === mine.id));
    expect(other.frames.some((f) => f.type === 'warning.received')).toBe(false);
    socket.close();
    other.close();
  });

  it('tells a tipped creator at once, without the amount or message; the fan hears no tip', async () => {
    const star = await creator();
    const fan = await createUser(t);
    await topUp(t, fan, '5.00');
    const socket = await TestSocket.signedIn(url, star.token);
    const fanSocket = await TestSocket.signedIn(url, fan.token);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tips/balance',
      headers: { ...fan.auth, 'idempotency-key': 'rt-tip-1' },
      payload: { creatorId: star.user.id, amountCents: 150, message: 'quiet words' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const frame = await socket.waitFor(eventOf('tip.received'));
    expect(frame.data).toEqual({ tipId: res.json().tipId });
    expect(JSON.stringify(socket.frames)).not.toContain('quiet words');
    // The fan's next event proves the tip showed them nothing.
    const mine = await sendOk(t, fan, await creator(), 'after my tip');
    await fanSocket.waitFor(eventOf('message.created', (d) => d.message.id === mine.id));
    expect(fanSocket.frames.some((f) => f.type === 'tip.received')).toBe(false);
    socket.close();
    fanSocket.close();
  });
});

describe('authentication', () => {
  it('takes the token as a subprotocol and answers with aura.v1, never echoing the token', async () => {
    const user = await createUser(t);
    const socket = await TestSocket.connect(url, {
      protocols: TestSocket.bearerProtocols(user.token),
    });
    expect(socket.ws.protocol).toBe(REALTIME_PROTOCOL);
    await socket.waitFor((f) => f.type === 'ready');
    expect(socket.frames[0]).toEqual({
      type: 'ready',
      userId: user.user.id,
      seq: 0,
      resumed: false,
    });
    socket.close();
  });

  it('keeps a socket that pings while its token is being checked', async () => {
    const user = await createUser(t);
    const socket = await TestSocket.connect(url);
    socket.send({ type: 'auth', token: user.token });
    socket.send({ type: 'ping' });
    await socket.waitFor((f) => f.type === 'ready');
    socket.send({ type: 'ping' });
    await socket.waitFor((f) => f.type === 'pong');
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    socket.close();
  });

  it('ignores a token in the URL: the socket stays unauthenticated', async () => {
    const user = await createUser(t);
    const socket = await TestSocket.connect(url, {
      query: `?token=${user.token}&access_token=${user.token}`,
    });
    socket.send({ type: 'ping' });
    expect(await socket.closeCode()).toBe(REALTIME_CLOSE.sessionEnded);
    expect(socket.frames).toEqual([]);
  });

  it('closes a socket with a forged, expired-session or missing token', async () => {
    const user = await createUser(t);
    const forged = await TestSocket.connect(url);
    forged.send({ type: 'auth', token: `${user.token}x` });
    expect(await forged.closeCode()).toBe(REALTIME_CLOSE.sessionEnded);

    const silent = await TestSocket.connect(url);
    expect(await silent.closeCode()).toBe(REALTIME_CLOSE.authTimeout);

    const suspended = await createUser(t, { status: 'suspended' });
    const refused = await TestSocket.connect(url);
    refused.send({ type: 'auth', token: suspended.token });
    expect(await refused.closeCode()).toBe(REALTIME_CLOSE.sessionEnded);
  });

  it('refuses an offered protocol list without ours', async () => {
    await expect(TestSocket.connect(url, { protocols: ['chat.v2'] })).rejects.toThrow();
  });
});

describe('ending sessions', () => {
  it('closes the sockets of a suspended account', async () => {
    const user = await createUser(t);
    const first = await TestSocket.signedIn(url, user.token);
    const second = await TestSocket.signedIn(url, user.token);
    await t.db.transaction((tx) =>
      setAccountStatus(tx, user.user.id, 'suspended', null, 'test', meta()),
    );
    expect(await first.closeCode()).toBe(REALTIME_CLOSE.sessionEnded);
    expect(await second.closeCode()).toBe(REALTIME_CLOSE.sessionEnded);
  });

  it('closes on a demotion and keeps the socket on a promotion', async () => {
    const promoted = await createUser(t);
    const demoted = await createUser(t, { role: 'moderator' });
    const kept = await TestSocket.signedIn(url, promoted.token);
    const ended = await TestSocket.signedIn(url, demoted.token);
    await t.db.transaction((tx) => changeRole(tx, promoted.user.id, 'admin', null, 'test', meta()));
    await t.db.transaction((tx) => changeRole(tx, demoted.user.id, 'user', null, 'test', meta()));
    expect(await ended.closeCode()).toBe(REALTIME_CLOSE.sessionEnded);
    kept.send({ type: 'ping' });
    await kept.waitFor((f) => f.type === 'pong');
    expect(t.app.realtime.socketsOf(promoted.user.id)).toBe(1);
    kept.close();
  });

  it('finds an ended session without any event, at the next heartbeat', async () => {
    const user = await createUser(t);
    const socket = await TestSocket.signedIn(url, user.token);
    // As if the event were lost: the token version moves without telling anyone.
    await t.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.user.id));
    expect(await socket.closeCode()).toBe(REALTIME_CLOSE.sessionEnded);
  });
});

// The default heartbeat (25 s): a socket that closes within the test's 5 s wait was closed by
// the event, not found by the heartbeat's safety net.
describe('ending sessions at once, on the event', () => {
  let slow: TestApp;
  let slowUrl: string;
  beforeAll(async () => {
    slow = await createTestApp();
    slowUrl = await listen(slow);
  });
  afterAll(() => slow.close());

  it('closes every socket of an account whose sessions were all ended', async () => {
    const user = await createUser(slow);
    const other = await createUser(slow);
    const first = await TestSocket.signedIn(slowUrl, user.token);
    const second = await TestSocket.signedIn(slowUrl, user.token);
    const kept = await TestSocket.signedIn(slowUrl, other.token);
    await slow.db.transaction((tx) => endAllSessions(tx, user.user.id, null, 'test', meta()));
    expect(await first.closeCode()).toBe(REALTIME_CLOSE.sessionEnded);
    expect(await second.closeCode()).toBe(REALTIME_CLOSE.sessionEnded);
    kept.send({ type: 'ping' });
    await kept.waitFor((f) => f.type === 'pong');
    expect(slow.app.realtime.socketsOf(other.user.id)).toBe(1);
    kept.close();
  });
});

describe('protecting the server', () => {
  it('answers pings, and drops a client that stops answering the heartbeat', async () => {
    const user = await createUser(t);
    const lively = await TestSocket.signedIn(url, user.token);
    lively.send({ type: 'ping' });
    await lively.waitFor((f) => f.type === 'pong');

    const deaf = await TestSocket.signedIn(url, user.token, { autoPong: false });
    expect(await deaf.closeCode()).toBe(1006);
    lively.close();
  });

  it('closes a connection that sends too many frames', async () => {
    const user = await createUser(t);
    const socket = await TestSocket.signedIn(url, user.token);
    for (let i = 0; i < 50; i += 1) socket.send({ type: 'ping' });
    expect(await socket.closeCode()).toBe(REALTIME_CLOSE.rateLimited);
  });

  it('closes a connection that sends what is not a frame of the protocol', async () => {
    const user = await createUser(t);
    for (const frame of ['not json', '{"type":"subscribe","room":"admin"}', '[]']) {
      const socket = await TestSocket.signedIn(url, user.token);
      socket.send(frame);
      expect(await socket.closeCode(), frame).toBe(REALTIME_CLOSE.badFrame);
    }
  });

  it(`keeps at most ${MAX_SOCKETS_PER_USER} sockets per person, closing the oldest`, async () => {
    const user = await createUser(t);
    const sockets: TestSocket[] = [];
    for (let i = 0; i <= MAX_SOCKETS_PER_USER; i += 1) {
      sockets.push(await TestSocket.signedIn(url, user.token));
    }
    expect(await sockets[0]!.closeCode()).toBe(REALTIME_CLOSE.replaced);
    expect(t.app.realtime.socketsOf(user.user.id)).toBe(MAX_SOCKETS_PER_USER);
    for (const socket of sockets) socket.close();
  });

  it('hands each event to a socket once, even when the bus delivers it twice', async () => {
    const star = await creator();
    const fan = await createUser(t);
    const socket = await TestSocket.signedIn(url, star.token);
    const first = await sendOk(t, fan, star, 'once');
    await t.container.flushEvents();
    await socket.waitFor(eventOf('message.created', (d) => d.message.id === first.id));
    const [row] = await t.db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.type, 'message.created'), eq(outboxEvents.subjectId, first.id)));
    // At least once: the relay may publish a batch again after a crash.
    await t.container.bus.publish(toPublished(row!));
    const second = await sendOk(t, fan, star, 'twice?');
    await t.container.flushEvents();
    await socket.waitFor(eventOf('message.created', (d) => d.message.id === second.id));
    const ids = socket.frames.flatMap((f) =>
      f.type === 'message.created' ? [f.data.message.id] : [],
    );
    expect(ids).toEqual([first.id, second.id]);
    socket.close();
  });
});
