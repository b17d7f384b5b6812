import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { EarlyAccessSubject } from '../../../common/rules/early-access';
import type { Tier } from '../../../common/rules/tiers';

export { inEarlyAccess, lockTier } from '../../../common/rules/early-access';
export type { EarlyAccessSubject };

/**
 * The SQL twin of common/rules/early-access.ts `lockTier` over an item's columns (written with
 * their table, see qualified.ts) and a moment: its tier, or Aura once its early access is over.
 * early-access.test.ts checks on generated items and moments that both answer alike.
 */
export const lockTierSql = (
  item: { tierRequired: SQLWrapper; earlyAccessUntil: SQLWrapper },
  now: SQLWrapper,
): SQL<Tier> =>
  sql<Tier>`(case when ${item.earlyAccessUntil} is not null and ${item.earlyAccessUntil} <= ${now}
    then 'Aura' else ${item.tierRequired} end)`;
