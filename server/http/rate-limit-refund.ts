import type {
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  RateLimitPluginOptions,
} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { createRequire } from 'node:module';

/*
 * Requests that fail because the database is away must not use up their callers' rate-limit
 * budgets (issue 18): a user who retried through an outage would otherwise find themselves
 * locked out once it ends. @fastify/rate-limit counts a request before its handler runs and
 * has no way to give a count back, so its stores are wrapped here: every route's store is
 * remembered by route, each counted request keeps its key, and `refund(request)` takes the
 * count back when the answer was a `database_unavailable` or `server_busy` 503.
 */

// The plugin's own stores (CommonJS, no types of their own).
const require = createRequire(import.meta.url);
type InnerStore = FastifyRateLimitStore & {
  lru?: { get(key: string): { current: number } | undefined };
  redis?: Redis;
  key?: string;
};
type InnerCtor = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  ...rest: unknown[]
) => InnerStore;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as InnerCtor;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as InnerCtor;

// Gives one count back, never below zero and without touching the window's expiry.
const REDIS_REFUND = `local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

/** A route's counters: in this process, and in Redis when it is shared (counted there first). */
interface RouteStores {
  local: InnerStore;
  redis?: InnerStore;
}

// Which of the two counted the request is not remembered: the one that did not has nothing to
// give back (a local count of zero, or a Redis key this instance did not touch while it was away).
async function giveBack(stores: RouteStores, key: string): Promise<void> {
  const entry = stores.local.lru?.get(key);
  if (entry && entry.current > 0) entry.current -= 1;
  const { redis } = stores;
  if (redis?.redis && redis.key !== undefined) {
    await redis.redis.eval(REDIS_REFUND, 1, redis.key + key);
  }
}

/** After Redis failed a count, how long requests are counted in this process without asking it. */
const REDIS_RETRY_AFTER_MS = 2000;

/**
 * Counts in Redis, and in this process while Redis fails (issue 20: an outage must not lift the
 * limits): each instance then holds every caller to the limit on its own. A failed count opens
 * a short circuit, so requests during an outage do not each wait for Redis's deadline.
 */
function countingStore(stores: RouteStores, circuit: { openUntil: number }): FastifyRateLimitStore {
  const { local, redis } = stores;
  if (!redis) return local;
  return {
    incr(key, callback, timeWindow, max) {
      if (Date.now() < circuit.openUntil) return local.incr(key, callback, timeWindow, max);
      redis.incr(
        key,
        (err, result) => {
          if (!err) return callback(null, result);
          circuit.openUntil = Date.now() + REDIS_RETRY_AFTER_MS;
          local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    },
    child: () => {
      throw new Error('countingStore is made per route');
    },
  };
}

const routeId = (method: unknown, url: unknown) =>
  `${Array.isArray(method) ? method.join(',') : String(method)} ${String(url)}`;

export interface RefundableRateLimit {
  /** Options for `app.register(rateLimit, ...)`. */
  options: RateLimitPluginOptions;
  /** Takes back the count `request` used on its route's limit (once; no-op if none). */
  refund(request: FastifyRequest): Promise<void>;
}

export function refundableRateLimit(base: {
  global: boolean;
  redis?: Redis;
  nameSpace?: string;
}): RefundableRateLimit {
  const storesByRoute = new Map<string, RouteStores>();
  const chargedKeys = new WeakMap<FastifyRequest, string>();
  const circuit = { openUntil: 0 };

  const wrap = (stores: RouteStores): FastifyRateLimitStore => {
    const counting = countingStore(stores, circuit);
    return {
      incr: (key, callback, timeWindow, max) => counting.incr(key, callback, timeWindow, max),
      child(routeOptions) {
        const child: RouteStores = {
          local: stores.local.child(routeOptions) as InnerStore,
          ...(stores.redis ? { redis: stores.redis.child(routeOptions) as InnerStore } : {}),
        };
        const info = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } })
          .routeInfo;
        if (info?.url !== undefined) storesByRoute.set(routeId(info.method, info.url), child);
        return wrap(child);
      },
    };
  };

  const Store = function (
    this: unknown,
    params: { continueExceeding?: boolean; exponentialBackoff?: boolean },
  ) {
    const continueExceeding = params.continueExceeding ?? false;
    const exponentialBackoff = params.exponentialBackoff ?? false;
    return wrap({
      local: new LocalStore(continueExceeding, exponentialBackoff),
      ...(base.redis
        ? {
            redis: new RedisStore(
              continueExceeding,
              exponentialBackoff,
              base.redis,
              base.nameSpace,
            ),
          }
        : {}),
    });
  } as unknown as FastifyRateLimitStoreCtor;

  return {
    options: {
      global: base.global,
      store: Store,
      // Called for every counted request that is still within its limit.
      onExceeding: (request, key) => chargedKeys.set(request, key),
    },
    async refund(request) {
      const key = chargedKeys.get(request);
      if (key === undefined) return;
      chargedKeys.delete(request);
      const store = storesByRoute.get(
        routeId(request.routeOptions.method, request.routeOptions.url),
      );
      if (store) await giveBack(store, key);
    },
  };
}

/** Refunds every request answered `database_unavailable` or `server_busy` (server/http/errors.ts). */
export function refundOnDatabaseOutage(
  app: FastifyInstance,
  limits: RefundableRateLimit,
  wasOutage: (request: FastifyRequest) => boolean,
): void {
  app.addHook('onResponse', async (request) => {
    if (wasOutage(request)) await limits.refund(request).catch(() => {});
  });
}
