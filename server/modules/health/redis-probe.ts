import type { Redis } from 'ioredis';
import type { HealthResponse } from '../../../common/schemas/health';
import { pingRedis } from '../../http/redis';

/** Longest the health check waits for Redis (issue 20: health answers within 2 s). */
const REDIS_PROBE_DEADLINE_MS = 1000;

/**
 * Redis as health reports it (issue 20): `degraded` when it does not answer a PING in time.
 * Not a reason to take the instance out of rotation (no 503): without Redis the app still
 * serves, with per-instance rate limits and realtime caught up from the database.
 */
export const redisProbeOf =
  (redis: Redis) => async (): Promise<NonNullable<HealthResponse['redis']>> => {
    const roundTripMs = await pingRedis(redis, REDIS_PROBE_DEADLINE_MS);
    return { status: roundTripMs === null ? 'degraded' : 'ok', roundTripMs };
  };
