import type { Redis } from 'ioredis';
import type { PublishedEvent } from '../../../common/events';
import { deliver, type EventBus } from './bus';

/**
 * The channel of the deployment whose keys live in Redis database `db`. Pub/sub ignores database
 * numbers, so with one channel for all, two deployments sharing a Redis server on databases of
 * their own (as the API tests' workers do) would hear each other's events.
 */
export const eventsChannel = (db: number) => `aura:events:${db}`;

/**
 * Every instance subscribes to one Redis channel; a publish on any instance reaches all of
 * them, this one included. Takes a publisher and a dedicated subscriber connection (a
 * subscribed Redis connection can run no other command) to the same Redis database.
 */
export async function createRedisBus(
  publisher: Redis,
  subscriber: Redis,
  onError: (err: unknown) => void = () => {},
): Promise<EventBus> {
  const channel = eventsChannel(publisher.options.db ?? 0);
  const handlers = new Set<(event: PublishedEvent) => void>();
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
  await subscriber.subscribe(channel);
  return {
    kind: 'redis',
    async publish(event) {
      await publisher.publish(channel, JSON.stringify(event));
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      handlers.clear();
      await subscriber.unsubscribe(channel).catch(() => {});
    },
  };
}
