import { inArray } from 'drizzle-orm';
import type { DomainEventType } from '../../common/events';
import type { Container } from '../container';
import { auditEvents } from '../db/schema/index';
import { recordEvent, systemMeta } from '../events/record';
import { seedAccounts } from './accounts';
import { seedContent } from './content';
import { seedCreatorProfiles } from './creator-profiles';
import { seedModeration } from './moderation';
import { seedSales } from './sales';
import { seedPayouts } from './payouts';

export interface SeedReport {
  /** Lines printed once on the first start (demo accounts and their passwords). */
  lines: string[];
}

/** Seeders write ordinary rows; they need no HTTP-side services. */
export type SeedContext = Pick<
  Container,
  'config' | 'db' | 'dbKind' | 'clock' | 'storage' | 'keys'
>;

export type Seeder = (ctx: SeedContext, report: SeedReport) => Promise<void>;

// Any constant works; it only has to be the same for every instance seeding one database.
const SEED_LOCK_KEY = 741_852_964;

// Feature modules append their seeders here, in dependency order (accounts before items).
const demoSeeders: Seeder[] = [
  seedAccounts,
  seedContent,
  seedCreatorProfiles,
  seedSales,
  seedModeration,
  seedPayouts,
];

// Databases seeded before typed events (migration 0006) carry the older marker.
const SEEDED_MARKERS: DomainEventType[] = ['system.demo_seeded', 'demo.seeded' as DomainEventType];

/**
 * Seeds the demo platform once: the marker row makes later starts keep the data as it is, and an
 * advisory lock makes instances starting at once on an empty database seed it once (the others
 * skip it). Never in production: the demo accounts' passwords are public (issue 18).
 */
export async function seedDemoOnce(
  ctx: SeedContext & Pick<Container, 'database'>,
  seeders: Seeder[] = demoSeeders,
): Promise<SeedReport | null> {
  if (ctx.config.isProduction) return null;
  const { value } = await ctx.database.withAdvisoryLock(SEED_LOCK_KEY, () =>
    seedUnlessMarked(ctx, seeders),
  );
  return value ?? null;
}

async function seedUnlessMarked(ctx: SeedContext, seeders: Seeder[]): Promise<SeedReport | null> {
  const done = await ctx.db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(inArray(auditEvents.action, SEEDED_MARKERS))
    .limit(1);
  if (done.length > 0) return null;
  const report: SeedReport = { lines: [] };
  for (const seed of seeders) await seed(ctx, report);
  await recordEvent(
    ctx.db,
    null,
    { type: 'system.demo_seeded', subjectId: 'demo', data: {} },
    systemMeta(ctx.clock.now()),
  );
  return report;
}
