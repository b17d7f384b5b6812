import type { Container } from '../container';
import { runRenewals } from '../modules/billing/index';

/** How often the local provider's renewals are looked for (Stripe renews its own, by webhook). */
export const RENEWALS_INTERVAL_MS = 60_000;
export const RENEWALS_JOB = 'membership-renewals';

/**
 * Renews the local provider's memberships at their period end, once per cluster per tick (the
 * runner's advisory lock); the ledger refs would also make a second run charge nothing. It runs
 * with every provider: complimentary memberships (issue 42) end here, never charged.
 */
export function scheduleMembershipRenewals(c: Container): void {
  const chargeLocal = c.payments.name === 'local';
  c.jobs.every(RENEWALS_JOB, RENEWALS_INTERVAL_MS, (now) =>
    runRenewals(c.db, c.config, now, chargeLocal),
  );
}
