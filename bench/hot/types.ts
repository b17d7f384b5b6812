import type { Load } from '../scenarios/types';

export type Kind = 'pglite' | 'postgres';

/**
 * What BENCH_ONLY selects. `feed`, `item` and `sign-in` are the read paths the issue gives a
 * ratio target to; `money` and `dashboard` are weighed by their p99 alone.
 */
export const GROUPS = ['feed', 'item', 'sign-in', 'money', 'dashboard', 'restart'] as const;
export type Group = (typeof GROUPS)[number];

export interface Pair {
  group: Group;
  scenario: string;
  connections: number;
  app: Load;
  /** The minimal implementation on the second port (absent: the app alone is reported). */
  minimal?: Load;
  minimalLabel?: string;
}
