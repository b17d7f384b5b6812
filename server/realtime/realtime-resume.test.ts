import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeServerFrame } from '../../common/realtime';
import { prunePublishedOutbox } from '../events/relay';
import { eventDeliveries, eventSequences } from '../events/tables';
import { sendOk } from '../modules/messages/test-helpers';
import { createTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/factories';
import { eventOf, listen, TestSocket } from './test-client';

/*
 * Sequence numbers on one instance (issue 20): a socket that comes back says the last number it
 * applied and gets what it missed, in order, before anything new; one that saw a number skipped
 * asks again; one whose missed events are no longer kept is told to fetch everything.
 */
let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
});
afterAll(() => t.close());

const messageIds = (frames: RealtimeServerFrame[]) =>
  frames.flatMap((f) => (f.type === 'message.created' ? [f.data.message.id] : []));

async function resumedSocket(token: string, after: number): Promise<TestSocket> {
  const socket = await TestSocket.connect(url);
  socket.send({ type: 'auth', token, after });
  await socket.waitFor((f) => f.type === 'ready');
  return socket;
}

describe('realtime sequence numbers', () => {
  it('numbers each person’s events without holes, however many are sent at once', async () => {
    const star = await createUser(t, { role: 'creator' });
    const fans = await Promise.all(Array.from({ length: 4 }, () => createUser(t)));
    await Promise.all(fans.flatMap((fan) => [0, 1, 2].map((i) => sendOk(t, fan, star, `hi ${i}`))));
    const numbers = await t.db
      .select({ seq: eventDeliveries.seq })
      .from(eventDeliveries)
      .where(eq(eventDeliveries.userId, star.user.id))
      .orderBy(eventDeliveries.seq);
    expect(numbers.map((n) => n.seq)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('sends a returning socket what it missed, in order, before anything new', async () => {
    const star = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const first = await TestSocket.signedIn(url, star.token);
    expect(first.frames[0]).toMatchObject({ type: 'ready', seq: 0, resumed: false });
    const seen = await sendOk(t, fan, star, 'before the drop');
    const got = await first.waitFor(eventOf('message.created', (d) => d.message.id === seen.id));
    expect(got.seq).toBe(1);
    first.close();

    const missed = [
      await sendOk(t, fan, star, 'while away 1'),
      await sendOk(t, fan, star, 'while away 2'),
    ];
    await t.container.flushEvents();
    const back = await resumedSocket(star.token, 1);
    expect(back.frames[0]).toEqual({ type: 'ready', userId: star.user.id, seq: 1, resumed: true });
    const later = await sendOk(t, fan, star, 'after coming back');
    await back.waitFor(eventOf('message.created', (d) => d.message.id === later.id));
    expect(messageIds(back.frames)).toEqual([...missed, later].map((m) => m.id));
    const numbers = back.frames.flatMap((f) => (f.type === 'message.created' ? [f.seq] : []));
    expect(numbers).toEqual([2, 3, 4]);
    back.close();
  });

  it('sends again what follows a number the client asks to resume after', async () => {
    const star = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const socket = await TestSocket.signedIn(url, star.token);
    const sent = [await sendOk(t, fan, star, 'one'), await sendOk(t, fan, star, 'two')];
    await socket.waitFor(eventOf('message.created', (d) => d.message.id === sent[1]!.id));
    const from = socket.frames.length;
    socket.send({ type: 'resume', after: 1 });
    await socket.waitFor(
      eventOf('message.created', (d) => d.message.id === sent[1]!.id),
      5000,
      from,
    );
    expect(messageIds(socket.frames.slice(from))).toEqual([sent[1]!.id]);
    socket.close();
  });

  it('tells a socket to fetch everything when what it missed is no longer kept', async () => {
    const star = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    await sendOk(t, fan, star, 'one');
    await sendOk(t, fan, star, 'two');
    await t.db.execute(
      sql`delete from event_deliveries where user_id = ${star.user.id}::uuid and seq = 1`,
    );
    const socket = await resumedSocket(star.token, 0);
    const resync = await socket.waitFor((f) => f.type === 'resync');
    expect(resync).toEqual({ type: 'resync', seq: 2 });
    expect(messageIds(socket.frames)).toEqual([]);
    // An `after` beyond anything numbered (another database) starts afresh.
    const stranger = await resumedSocket(star.token, 99);
    expect(stranger.frames[0]).toMatchObject({ type: 'ready', seq: 2, resumed: false });
    socket.close();
    stranger.close();
  });

  it('refuses a resume frame with a bad number', async () => {
    const user = await createUser(t);
    const socket = await TestSocket.signedIn(url, user.token);
    socket.send({ type: 'resume', after: -1 });
    expect(await socket.closeCode()).toBe(4400);
  });
});

describe('pruning the outbox', () => {
  it('takes the numbers pointing at pruned rows with them, and keeps each last number', async () => {
    // A database of its own: the prune takes every published row there is.
    const own = await createTestApp({ ownDatabase: true });
    try {
      const star = await createUser(own, { role: 'creator' });
      const fan = await createUser(own);
      await sendOk(own, fan, star, 'kept a day');
      await own.container.flushEvents();
      const numbersOf = async (userId: string) =>
        own.db.select().from(eventDeliveries).where(eq(eventDeliveries.userId, userId));
      expect(await numbersOf(star.user.id)).toHaveLength(1);

      await prunePublishedOutbox(own.container.database, new Date(Date.now() + 2 * 86_400_000));
      expect(await numbersOf(star.user.id)).toHaveLength(0);
      const [last] = await own.db
        .select()
        .from(eventSequences)
        .where(eq(eventSequences.userId, star.user.id));
      expect(last?.lastSeq).toBe(1);
    } finally {
      await own.close();
    }
  });
});
