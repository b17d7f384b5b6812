import { Readable } from 'node:stream';
import { inArray } from 'drizzle-orm';
import type { AuraCardRarity } from '../../common/rules/creator-profile';
import { mediaTempDir } from '../adapters/storage/index';
import { creatorProfiles, users, type StoredAuraCard } from '../db/schema/index';
import { systemMeta } from '../events/record';
import { storeUpload, type MediaDeps } from '../modules/media/index';
import { DEMO_CREATOR_ITEMS, DEMO_CREATORS, type DemoItem } from './content-catalogue';
import { renderBanner } from './illustrations';
import type { SeedContext, SeedReport } from './index';

/** A demo card's rarity follows the item it is named after: free, member-only or paid. */
const rarityOf = (item: DemoItem): AuraCardRarity =>
  item.priceCents > 0
    ? 'exclusive'
    : item.tierRequired && item.tierRequired !== 'Aura'
      ? 'premium'
      : 'free';

interface DemoProfile {
  username: string;
  displayName: string;
  colors: [string, string];
  items: DemoItem[];
}

const DEMO_PROFILES: DemoProfile[] = [
  ...DEMO_CREATORS,
  {
    username: 'demo_creator',
    displayName: 'Demo Creator',
    colors: ['#312e81', '#ec4899'],
    items: DEMO_CREATOR_ITEMS,
  },
];

/**
 * Demo creator profiles (issue 12): a generated banner, an aura status, links, a CreatorWorld
 * description and an aura card per item, for every demo creator the earlier seeders made. The
 * banner is an ordinary upload of the creator's own; links point to example.com addresses.
 */
export async function seedCreatorProfiles(ctx: SeedContext, report: SeedReport): Promise<void> {
  const deps: MediaDeps = {
    db: ctx.db,
    config: ctx.config,
    storage: ctx.storage,
    tempDir: mediaTempDir(ctx.config),
  };
  const rows = await ctx.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      inArray(
        users.username,
        DEMO_PROFILES.map((p) => p.username),
      ),
    );
  const idOf = new Map(rows.map((r) => [r.username, r.id]));
  const existing = new Set(
    (
      await ctx.db
        .select({ userId: creatorProfiles.userId })
        .from(creatorProfiles)
        .where(
          inArray(
            creatorProfiles.userId,
            rows.map((r) => r.id),
          ),
        )
    ).map((r) => r.userId),
  );
  let seeded = 0;
  for (const demo of DEMO_PROFILES) {
    const userId = idOf.get(demo.username);
    // Creators the earlier seeders did not make, and profiles already there, are left alone.
    if (!userId || existing.has(userId)) continue;
    const banner = await storeUpload(
      deps,
      userId,
      'image',
      Readable.from([await renderBanner({ seed: demo.username, colors: demo.colors })]),
      () => false,
      systemMeta(ctx.clock.now()),
    );
    const cards: StoredAuraCard[] = demo.items.map((item, index) => ({
      id: `demo-${index + 1}`,
      title: item.title,
      description: item.description,
      imageKey: null,
      rarity: rarityOf(item),
    }));
    const [first] = demo.items;
    await ctx.db
      .insert(creatorProfiles)
      .values({
        userId,
        auraStatus: first ? `Working on ${first.title}` : 'Creating',
        bannerImageKey: banner.key,
        links: {
          instagram: `https://instagram.example.com/${demo.username}`,
          youtube: `https://youtube.example.com/@${demo.username}`,
        },
        auraCards: cards,
        creatorWorldDescription: `The world of ${demo.displayName}: ${demo.items.length} drops so far, from free samples to member-only sets.`,
        updatedAt: ctx.clock.now(),
      })
      .onConflictDoNothing();
    seeded += 1;
  }
  report.lines.push(`Demo creator profiles: ${seeded}.`);
}
