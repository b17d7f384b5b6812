import { Redis } from 'ioredis';

/**
 * One Redis connection, made before the server starts so a wrong REDIS_URL stops the start
 * instead of surfacing later. Commands fail at once while Redis is away instead of queueing
 * behind the outage (rate limits then let requests through); a subscriber keeps its queue so
 * it re-subscribes when Redis returns.
 */
export async function connectRedis(
  url: string,
  purpose: string,
  options: { offlineQueue?: boolean } = {},
): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: options.offlineQueue ? null : 1,
    enableOfflineQueue: options.offlineQueue ?? false,
  });
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
