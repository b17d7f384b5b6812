/** SPEC §1/§3 membership tiers, lowest first. Aura is the free tier. */
export const TIERS = ['Aura', 'Hypr', 'HyprSoul'] as const;
export type Tier = (typeof TIERS)[number];
export type PaidTier = Exclude<Tier, 'Aura'>;
export const PAID_TIERS = ['Hypr', 'HyprSoul'] as const satisfies readonly PaidTier[];

/** SPEC §9: Hypr $5/month, HyprSoul $15/month, in cents. */
export const TIER_PRICE_CENTS: Record<Tier, number> = { Aura: 0, Hypr: 500, HyprSoul: 1500 };
export const TIER_CURRENCY = 'usd';

export const isTier = (value: unknown): value is Tier =>
  typeof value === 'string' && (TIERS as readonly string[]).includes(value);

export const tierRank = (tier: Tier): number => TIERS.indexOf(tier);

/** HyprSoul includes everything Hypr unlocks (issue 5). */
export const tierCovers = (held: Tier, required: Tier): boolean =>
  tierRank(held) >= tierRank(required);
