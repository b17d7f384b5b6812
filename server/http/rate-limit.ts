import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config } from '../config';

export interface RateLimitStore {
  /** Options for @fastify/rate-limit: in-process counters, or Redis when REDIS_URL is set. */
  options: RateLimitPluginOptions;
  close(): Promise<void>;
}

/**
 * Counters live in Redis when REDIS_URL is set, so every instance behind a load balancer
 * counts the same client together (ARCHITECTURE "Scaling out"). The connection is made before
 * the server starts, so a wrong REDIS_URL stops the start instead of surfacing later.
 */
export async function createRateLimitStore(config: Config): Promise<RateLimitStore> {
  if (!config.REDIS_URL) return { options: { global: false }, close: async () => {} };
  const redis = new Redis(config.REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    // While Redis is away, commands fail at once instead of queueing behind the outage; the
    // limiter then lets requests through (skipOnError) and the per-account login throttle,
    // kept in the database, still holds.
    enableOfflineQueue: false,
  });
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    throw new Error(`REDIS_URL: cannot connect to Redis (${(err as Error).message})`, {
      cause: err,
    });
  }
  return {
    options: { global: false, redis, nameSpace: 'aura-rate-limit:', skipOnError: true },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Per-route limit keyed by client address, for the sign-in and sign-up calls (issue 3). */
export const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
