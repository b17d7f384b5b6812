import type { Container } from '../container';
import { publishDueItems } from '../modules/items/index';

/** How often due scheduled items are looked for: an item goes on sale at most this late. */
export const PUBLISHING_INTERVAL_MS = 15_000;
export const PUBLISHING_JOB = 'scheduled-publishing';

/**
 * Puts scheduled items on sale once their time has come (issue 42), once per cluster per tick
 * (the runner's advisory lock); the sweep's conditional update would also make a second run
 * publish nothing, and a tick after a restart publishes what came due while it was down.
 */
export function scheduleItemPublishing(c: Container): void {
  c.jobs.every(PUBLISHING_JOB, PUBLISHING_INTERVAL_MS, (now) => publishDueItems(c.db, now));
}
