import type { Database } from '../../server/db/client';

/** What a scenario sends: one request shape, repeated by every connection for the whole run. */
export interface Load {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path on the Aura server, e.g. `/api/v1/health`. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * Requests each connection sends in turn instead of the one above, built afresh every time
   * (a new item per purchase, an answer's session id for the next step). `path` is then only
   * where the connections open.
   */
  steps?: LoadStep[];
}

/** What one step may remember for the next one, per connection. */
export type StepContext = Record<string, string>;

export interface LoadStep {
  request(context: StepContext): Omit<Load, 'steps'>;
  /** Reads the answer into the context (e.g. the session id the next step pays). */
  read?(body: string, context: StepContext): void;
}

export interface Scenario {
  /** Name used on the command line: `npm run bench -- <name>`. */
  name: string;
  /** One line shown in the results. */
  description: string;
  /**
   * Bulk data written straight into the fresh embedded database before the server starts
   * (thousands of rows are far faster this way than through the API).
   */
  seedDatabase?(db: Database): Promise<void>;
  /** Runs against the started server (sign-ups, tokens) and returns the load to measure. */
  prepare(server: { url: string }): Promise<Load>;
  /** Extra environment of the scenario's server process (e.g. rate limits lifted for the load). */
  env?: Record<string, string>;
  /** A second name that selects this scenario with its siblings (`npm run bench -- feed`). */
  group?: string;
  /**
   * A scenario this one is weighed against when both ran: its cost per request (1 / req/s) and
   * its p99 are printed as ratios of the other's, with the target the ratio should stay under.
   */
  compareWith?: { scenario: string; maxCostRatio: number };
}
