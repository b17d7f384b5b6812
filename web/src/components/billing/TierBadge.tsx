import type { Tier } from '../../../../common/rules/tiers';

// SPEC §2: Hypr yellow, HyprSoul purple, Aura grey.
const TIER_STYLE: Record<Tier, { className: string; style?: { backgroundColor: string } }> = {
  Aura: { className: 'text-bg-secondary' },
  Hypr: { className: 'text-bg-warning' },
  HyprSoul: { className: 'text-white', style: { backgroundColor: '#6f42c1' } },
};

export function TierBadge({ tier }: { tier: Tier }) {
  const { className, style } = TIER_STYLE[tier];
  return (
    <span className={`badge ${className}`} style={style}>
      {tier}
    </span>
  );
}
