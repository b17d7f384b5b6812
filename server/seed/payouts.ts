import { inArray } from 'drizzle-orm';
import { isAbaRoutingNumber, type PayoutStatus } from '../../common/rules/payouts';
import { payoutSettings, users } from '../db/schema/index';
import { payoutCipherOf } from '../modules/payouts/index';
import { DEMO_CREATORS } from './content-catalogue';
import type { SeedContext, SeedReport } from './index';

/** Real ABA routing numbers of large US banks (public), so the demo passes the checksum. */
const ROUTING_NUMBERS = ['021000021', '026009593', '121000358', '322271627', '011000015'];

const PLAN: { status: PayoutStatus; autoPayout: boolean; method: string }[] = [
  { status: 'active', autoPayout: true, method: 'Bank transfer (ACH)' },
  { status: 'active', autoPayout: false, method: 'Wire transfer' },
  { status: 'pending', autoPayout: true, method: 'Bank transfer (ACH)' },
  { status: 'inactive', autoPayout: false, method: 'Bank transfer (ACH)' },
];

/**
 * Demo payout settings (issue 15) for the demo creators, sealed like real ones, so the Control
 * Hub's payout routing panel has rows to show, mask and edit. Runs after the content seeder.
 */
export async function seedPayouts(ctx: SeedContext, report: SeedReport): Promise<void> {
  const cipher = payoutCipherOf(ctx.config, ctx.keys);
  const usernames = ['demo_creator', ...DEMO_CREATORS.map((c) => c.username)];
  const creators = await ctx.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, usernames))
    .orderBy(users.username);
  const now = ctx.clock.now();
  const rows = creators.map((creator, i) => {
    const plan = PLAN[i % PLAN.length]!;
    const routingNumber = ROUTING_NUMBERS[i % ROUTING_NUMBERS.length]!;
    if (!isAbaRoutingNumber(routingNumber)) throw new Error(`bad demo routing ${routingNumber}`);
    const accountNumber = String(4_000_000_000 + i * 7_919_123).padStart(12, '0');
    return {
      creatorId: creator.id,
      paymentMethod: plan.method,
      bankName: ['First Demo Bank', 'Demo Credit Union', 'Example Savings'][i % 3]!,
      accountNumberSealed: cipher.seal(accountNumber, creator.id, 'accountNumber'),
      routingNumberSealed: cipher.seal(routingNumber, creator.id, 'routingNumber'),
      currency: 'usd' as const,
      status: plan.status,
      autoPayout: plan.autoPayout,
      createdAt: now,
      updatedAt: now,
    };
  });
  if (rows.length > 0) await ctx.db.insert(payoutSettings).values(rows).onConflictDoNothing();
  report.lines.push(`Demo payout settings: ${rows.length} creators (numbers sealed, demo only).`);
}
