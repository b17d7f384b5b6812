import { Redis } from 'ioredis';
import { settledWithin } from '../db/deadline';

/**
 * Deadlines on every Redis call (issue 20: a silent cut, packets dropped without a reset, held
 * every rate-limited request for up to 20 s). A command not answered within COMMAND_TIMEOUT_MS
 * fails, so its caller degrades at once; a connection that has a command waiting and hears
 * nothing for SOCKET_TIMEOUT_MS is destroyed and made again; TCP keepalive finds a dead idle
 * connection. Together: a request answers or degrades within a few seconds whatever Redis does.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;
const SOCKET_TIMEOUT_MS = 2000;
const KEEPALIVE_MS = 5000;
const CONNECT_TIMEOUT_MS = 2000;

/**
 * One Redis connection, made before the server starts so a wrong REDIS_URL stops the start
 * instead of surfacing later. Commands fail at once while Redis is away instead of queueing
 * behind the outage (rate limits then count per instance); a subscriber keeps its queue so
 * it re-subscribes when Redis returns, and has no command deadline (a subscription waits for
 * messages as long as it lives: the bus pings it to find out whether it is dead). A subscriber
 * does not re-subscribe by itself: ioredis sends that SUBSCRIBE with nobody listening for its
 * answer, so a connection closed before the answer left an unhandled rejection; the bus
 * subscribes again on `ready` and handles the failure.
 */
export async function connectRedis(
  url: string,
  purpose: string,
  options: { offlineQueue?: boolean } = {},
): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    keepAlive: KEEPALIVE_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    ...(options.offlineQueue ? {} : { commandTimeout: REDIS_COMMAND_TIMEOUT_MS }),
    maxRetriesPerRequest: options.offlineQueue ? null : 1,
    enableOfflineQueue: options.offlineQueue ?? false,
    autoResubscribe: false,
  });
  // Without a listener ioredis prints every failed reconnect; callers see failures as errors.
  redis.on('error', () => {});
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    throw new Error(
      `REDIS_URL: cannot connect to Redis for ${purpose} (${(err as Error).message})`,
      {
        cause: err,
      },
    );
  }
  return redis;
}

/** A PING with a deadline: its round trip in milliseconds, or null when Redis did not answer. */
export function pingRedis(redis: Redis, deadlineMs: number): Promise<number | null> {
  const started = performance.now();
  const answered = redis.ping().then(
    () => Math.round((performance.now() - started) * 100) / 100,
    () => null,
  );
  return settledWithin(answered, deadlineMs, null);
}
