import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { PublishedEvent } from '../../../common/events';
import { connectRedis } from '../../http/redis';
import type { EventBus } from './bus';
import { createRedisBus } from './redis';
import { SOON } from '../../test/waits';

// CI sets TEST_REDIS_URL (see .ci/run); without it this file is skipped.
const redisUrl = process.env.TEST_REDIS_URL ?? '';

/** The same Redis server, database `db`. */
const onDatabase = (db: number) => {
  const url = new URL(redisUrl);
  url.pathname = `/${db}`;
  return url.toString();
};

describe.runIf(redisUrl)('the Redis event bus', () => {
  const connections: Redis[] = [];
  const buses: EventBus[] = [];
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    for (const connection of connections) connection.disconnect();
  });

  async function busOn(
    url: string,
  ): Promise<{ bus: EventBus; heard: PublishedEvent[]; subscriber: Redis }> {
    const publisher = await connectRedis(url, 'test publisher');
    const subscriber = await connectRedis(url, 'test subscriber', { offlineQueue: true });
    connections.push(publisher, subscriber);
    const bus = await createRedisBus(publisher, subscriber);
    buses.push(bus);
    const heard: PublishedEvent[] = [];
    bus.subscribe((event) => heard.push(event));
    return { bus, heard, subscriber };
  }

  it('reaches every instance on the same Redis database and none on another', async () => {
    const db = Number(new URL(redisUrl).pathname.slice(1) || '0');
    const one = await busOn(onDatabase(db));
    const two = await busOn(onDatabase(db));
    // A second deployment sharing the server on a database of its own (the last of Redis's 16
    // by default, which no test worker gets).
    const other = await busOn(onDatabase(db === 15 ? 14 : 15));
    const subjectId = randomUUID();
    const event: PublishedEvent = {
      id: 1,
      event: { type: 'user.blocked', subjectId, data: { blockedId: randomUUID() } },
      actorId: subjectId,
      audience: [],
      at: new Date().toISOString(),
    };

    await one.bus.publish(event);
    // Each subscriber has a connection of its own, so either may hear it first.
    await expect.poll(() => two.heard.length, SOON).toBe(1);
    await expect.poll(() => one.heard.length, SOON).toBe(1);
    expect(two.heard[0]).toEqual(event);
    expect(one.heard).toEqual([event]);
    // Its own publish arrives too; by then the other deployment would have had ours.
    await other.bus.publish({ ...event, id: 2 });
    await expect.poll(() => other.heard.length, SOON).toBe(1);
    expect(other.heard.map((e) => e.id)).toEqual([2]);
    expect(two.heard).toEqual([event]);
  });

  it('subscribes again after a reconnect, and a close before the answer rejects nothing unheard', async () => {
    const db = Number(new URL(redisUrl).pathname.slice(1) || '0');
    const one = await busOn(onDatabase(db));
    const two = await busOn(onDatabase(db));
    const ready = new Promise((resolve) => one.subscriber.once('ready', resolve));
    one.subscriber.disconnect(true);
    await ready;
    await expect.poll(() => one.bus.isConnected(), SOON).toBe(true);
    const event: PublishedEvent = {
      id: 3,
      event: { type: 'user.blocked', subjectId: randomUUID(), data: { blockedId: randomUUID() } },
      actorId: randomUUID(),
      audience: [],
      at: new Date().toISOString(),
    };
    await two.bus.publish(event);
    await expect.poll(() => one.heard.map((e) => e.id), SOON).toEqual([3]);

    // The SUBSCRIBE sent on `ready` is still unanswered when the connection is closed (the
    // socket goes before Redis answers, as in a silent cut): its rejection must be handled
    // (vitest fails the run on an unhandled one).
    const closed = new Promise((resolve) => two.subscriber.once('end', resolve));
    two.subscriber.once('ready', () => {
      two.subscriber.disconnect();
      two.subscriber.stream.destroy();
    });
    two.subscriber.disconnect(true);
    await closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(two.bus.isConnected()).toBe(false);
  });
});
