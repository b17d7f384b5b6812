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
  read?: FastifyRateLimitStore['incr'];
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

async function giveBack(store: InnerStore, key: string): Promise<void> {
  if (store.lru) {
    const entry = store.lru.get(key);
    if (entry && entry.current > 0) entry.current -= 1;
  } else if (store.redis && store.key !== undefined) {
    await store.redis.eval(REDIS_REFUND, 1, store.key + key);
  }
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
  skipOnError?: boolean;
}): RefundableRateLimit {
  const storesByRoute = new Map<string, InnerStore>();
  const chargedKeys = new WeakMap<FastifyRequest, string>();

  const wrap = (inner: InnerStore): FastifyRateLimitStore => ({
    incr: (key, callback, timeWindow, max) => inner.incr(key, callback, timeWindow, max),
    ...(inner.read
      ? { read: (...args: Parameters<FastifyRateLimitStore['incr']>) => inner.read?.(...args) }
      : {}),
    child(routeOptions) {
      const child = inner.child(routeOptions) as InnerStore;
      const info = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      if (info?.url !== undefined) storesByRoute.set(routeId(info.method, info.url), child);
      return wrap(child);
    },
  });

  const Store = function (
    this: unknown,
    params: { continueExceeding?: boolean; exponentialBackoff?: boolean },
  ) {
    const inner = base.redis
      ? new RedisStore(
          params.continueExceeding ?? false,
          params.exponentialBackoff ?? false,
          base.redis,
          base.nameSpace,
        )
      : new LocalStore(params.continueExceeding ?? false, params.exponentialBackoff ?? false);
    return wrap(inner);
  } as unknown as FastifyRateLimitStoreCtor;

  return {
    options: {
      global: base.global,
      ...(base.skipOnError !== undefined ? { skipOnError: base.skipOnError } : {}),
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
