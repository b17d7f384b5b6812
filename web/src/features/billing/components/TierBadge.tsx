import type { Tier } from '../../../../../common/rules/tiers';

/** SPEC §2: Hypr yellow, HyprSoul purple, Aura grey (the colours live in shell.css). */
export function TierBadge({ tier }: { tier: Tier }) {
  return <span className={`badge aura-tier-badge aura-tier-${tier}`}>{tier}</span>;
}
