import type { Config } from './config';
import type { Guards } from './auth/guard';
import type { TokenService } from './auth/tokens';
import type { Database } from './db/client';

/** Time is injected so subscription periods and token expiry can be tested without sleeping. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** What feature modules are given: only shared infrastructure, never each other's internals. */
export interface AppContext {
  config: Config;
  db: Database;
  dbKind: 'pglite' | 'postgres';
  clock: Clock;
  tokens: TokenService;
  guards: Guards;
}
