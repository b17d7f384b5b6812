import type { Redis } from 'ioredis';
import type { PublishedEvent } from '../../../common/events';
import { deliver, type EventBus } from './bus';

export const EVENTS_CHANNEL = 'aura:events';

/**
 * Every instance subscribes to one Redis channel; a publish on any instance reaches all of
 * them, this one included. Takes a publisher and a dedicated subscriber connection (a
 * subscribed Redis connection can run no other command).
 */
export async function createRedisBus(
  publisher: Redis,
  subscriber: Redis,
  onError: (err: unknown) => void = () => {},
): Promise<EventBus> {
  const handlers = new Set<(event: PublishedEvent) => void>();
  subscriber.on('message', (channel: string, message: string) => {
    if (channel !== EVENTS_CHANNEL) return;
    let event: PublishedEvent;
    try {
      event = JSON.parse(message) as PublishedEvent;
    } catch (err) {
      onError(err);
      return;
    }
    deliver(handlers, event, onError);
  });
  await subscriber.subscribe(EVENTS_CHANNEL);
  return {
    kind: 'redis',
    async publish(event) {
      await publisher.publish(EVENTS_CHANNEL, JSON.stringify(event));
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      handlers.clear();
      await subscriber.unsubscribe(EVENTS_CHANNEL).catch(() => {});
    },
  };
}
