import type { PublishedEvent } from '../../../common/events';

/**
 * Fan-out of committed domain events to every instance (issue 9): in-process by default, Redis
 * pub/sub when REDIS_URL is set. Delivery is at least once; consumers remember event ids.
 */
export interface EventBus {
  readonly kind: 'memory' | 'redis';
  publish(event: PublishedEvent): Promise<void>;
  /** Calls `handler` for every event published on any instance; returns the unsubscribe. */
  subscribe(handler: (event: PublishedEvent) => void): () => void;
  /**
   * Whether an event published now reaches every instance (issue 20). While it does not, this
   * instance may miss events: the session cache asks the database, and sockets catch up from it.
   */
  isConnected(): boolean;
  /** Calls `listener` when the bus is lost (false) and when it is back (true). */
  onConnectionChange(listener: (connected: boolean) => void): () => void;
  close(): Promise<void>;
}

/** Runs each handler on its own, so one failing consumer never starves the others. */
export function deliver(
  handlers: Iterable<(event: PublishedEvent) => void>,
  event: PublishedEvent,
  onError: (err: unknown) => void,
): void {
  for (const handler of handlers) {
    try {
      handler(event);
    } catch (err) {
      onError(err);
    }
  }
}
