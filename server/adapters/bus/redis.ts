import type { Redis } from 'ioredis';
import type { PublishedEvent } from '../../../common/events';
import { settledWithin } from '../../db/deadline';
import { pingRedis } from '../../http/redis';
import { deliver, type EventBus } from './bus';

/**
 * The channel of the deployment whose keys live in Redis database `db`. Pub/sub ignores database
 * numbers, so with one channel for all, two deployments sharing a Redis server on databases of
 * their own (as the API tests' workers do) would hear each other's events.
 */
export const eventsChannel = (db: number) => `aura:events:${db}`;

/** How often both connections are pinged, and how long each ping may take. */
const WATCH_MS = 1000;

/**
 * Every instance subscribes to one Redis channel; a publish on any instance reaches all of
 * them, this one included. Takes a publisher and a dedicated subscriber connection (a
 * subscribed Redis connection can run no other command) to the same Redis database.
 *
 * Pub/sub forgets what it could not deliver, so the bus watches itself (issue 20): it counts as
 * connected only while both connections answer a PING in time (a silent cut shows no error
 * otherwise) and the subscriber is subscribed; a publish that fails, or the subscriber's
 * connection closing, counts as lost at once. A subscriber that stops answering is made again.
 */
export async function createRedisBus(
  publisher: Redis,
  subscriber: Redis,
  onError: (err: unknown) => void = () => {},
): Promise<EventBus> {
  const channel = eventsChannel(publisher.options.db ?? 0);
  const handlers = new Set<(event: PublishedEvent) => void>();
  const connectionListeners = new Set<(connected: boolean) => void>();
  let connected = true;
  const setConnected = (now: boolean) => {
    if (now === connected) return;
    connected = now;
    for (const listener of connectionListeners) {
      try {
        listener(now);
      } catch (err) {
        onError(err);
      }
    }
  };

  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    let event: PublishedEvent;
    try {
      event = JSON.parse(message) as PublishedEvent;
    } catch (err) {
      onError(err);
      return;
    }
    deliver(handlers, event, onError);
  });
  subscriber.on('close', () => setConnected(false));
  await subscriber.subscribe(channel);
  // After a reconnect (the connection does not re-subscribe by itself, see connectRedis).
  let closing = false;
  subscriber.on('ready', () => {
    if (closing) return;
    subscriber.subscribe(channel).catch(() => {
      setConnected(false);
      // Connected but not subscribed would hear nothing: connect again, which subscribes again.
      if (!closing && subscriber.status === 'ready') subscriber.disconnect(true);
    });
  });

  let watching = false;
  const watch = async () => {
    if (watching) return;
    watching = true;
    try {
      // A PING queued behind the re-subscription answers after it: then messages flow again.
      const [sub, pub] = await Promise.all([
        pingRedis(subscriber, WATCH_MS),
        pingRedis(publisher, WATCH_MS),
      ]);
      const subscribed = subscriber.status === 'ready';
      if (sub === null && subscribed) subscriber.disconnect(true);
      setConnected(sub !== null && pub !== null && subscribed);
    } finally {
      watching = false;
    }
  };
  const watcher = setInterval(() => void watch(), WATCH_MS);
  watcher.unref();

  return {
    kind: 'redis',
    async publish(event) {
      try {
        await publisher.publish(channel, JSON.stringify(event));
      } catch (err) {
        setConnected(false);
        throw err;
      }
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    isConnected: () => connected,
    onConnectionChange(listener) {
      connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
    async close() {
      closing = true;
      clearInterval(watcher);
      handlers.clear();
      connectionListeners.clear();
      // Queued while Redis is away (the subscriber's offline queue): not waited for past WATCH_MS.
      await settledWithin(
        subscriber.unsubscribe(channel).catch(() => {}),
        WATCH_MS,
        undefined,
      );
    },
  };
}
