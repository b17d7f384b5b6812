import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { auditEvents } from '../db/schema/index';
import { seedAccounts } from './accounts';
import { seedContent } from './content';

export interface SeedReport {
  /** Lines printed once on the first start (demo accounts and their passwords). */
  lines: string[];
}

/** Seeders write ordinary rows; they need no HTTP-side services. */
export type SeedContext = Pick<AppContext, 'config' | 'db' | 'dbKind' | 'clock'>;

type Seeder = (ctx: SeedContext, report: SeedReport) => Promise<void>;

// Feature modules append their seeders here, in dependency order (accounts before items).
const seeders: Seeder[] = [seedAccounts, seedContent];

/** Seeds the demo platform once: the marker row makes later starts keep the data as it is. */
export async function seedDemoOnce(ctx: SeedContext): Promise<SeedReport | null> {
  const done = await ctx.db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(eq(auditEvents.action, 'demo.seeded'))
    .limit(1);
  if (done.length > 0) return null;
  const report: SeedReport = { lines: [] };
  for (const seed of seeders) await seed(ctx, report);
  await ctx.db.insert(auditEvents).values({ action: 'demo.seeded', data: {} });
  return report;
}
