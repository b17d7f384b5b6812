import type { PublishedEvent } from '../../../common/events';
import { deliver, type EventBus } from './bus';

/** One process: events go straight to this process's subscribers. */
export function createMemoryBus(onError: (err: unknown) => void = () => {}): EventBus {
  const handlers = new Set<(event: PublishedEvent) => void>();
  return {
    kind: 'memory',
    async publish(event) {
      deliver(handlers, event, onError);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    isConnected: () => true,
    onConnectionChange: () => () => {},
    async close() {
      handlers.clear();
    },
  };
}
