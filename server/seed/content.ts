import { Readable } from 'node:stream';
import { eq, inArray, sql } from 'drizzle-orm';
import type { MediaKind } from '../../common/schemas/media';
import { mediaTempDir } from '../adapters/storage/index';
import { systemMeta } from '../events/record';
import { itemComments, itemLikes, items, users, type MediaObjectRow } from '../db/schema/index';
import { mediaPath, storeUpload, type MediaDeps } from '../modules/media/index';
import {
  DEMO_COMMENTS,
  DEMO_CREATOR_ITEMS,
  DEMO_CREATORS,
  type DemoCreator,
  type DemoItem,
} from './content-catalogue';
import { renderCover, toneWav } from './content-media';
import { renderIllustratedAvatar } from './illustrations';
import { renderLoopVideo } from './loop-video';
import type { SeedContext, SeedReport } from './index';

const HOUR = 3600 * 1000;
const DEMO_CREATOR_COLORS: [string, string] = ['#312e81', '#ec4899'];

/** Demo media go through the same checks and storage as a real upload. */
const store = (deps: MediaDeps, ownerId: string, kind: MediaKind, bytes: Buffer) =>
  storeUpload(deps, ownerId, kind, Readable.from([bytes]), () => false, systemMeta(new Date()));

async function findOrCreateCreator(ctx: SeedContext, creator: DemoCreator, deps: MediaDeps) {
  await ctx.db
    .insert(users)
    .values({
      username: creator.username,
      email: `${creator.username}@example.com`,
      role: 'creator',
      displayName: creator.displayName,
      bio: creator.bio,
      registeredAt: new Date(ctx.clock.now().getTime() - 90 * 24 * HOUR),
      emailVerifiedAt: ctx.clock.now(),
    })
    .onConflictDoNothing();
  const [row] = await ctx.db.select().from(users).where(eq(users.username, creator.username));
  if (!row) throw new Error(`demo creator ${creator.username} missing`);
  await giveProfilePictures(ctx, deps, row, creator.colors);
  return row;
}

/**
 * An illustrated avatar (issue 10) for a demo account that has none yet, as its preview (like an
 * uploaded profile picture); the banner belongs to the creator profile (creator-profiles.ts).
 */
async function giveProfilePictures(
  ctx: SeedContext,
  deps: MediaDeps,
  user: { id: string; username: string; avatarUrl: string | null },
  colors: [string, string],
) {
  const changes: { avatarUrl?: string } = {};
  if (!user.avatarUrl) {
    const avatar = await store(
      deps,
      user.id,
      'image',
      await renderIllustratedAvatar({ seed: user.username, colors }),
    );
    if (avatar.previewKey) changes.avatarUrl = mediaPath(avatar.previewKey);
  }
  if (Object.keys(changes).length > 0) {
    await ctx.db.update(users).set(changes).where(eq(users.id, user.id));
  }
}

async function publish(
  ctx: SeedContext,
  deps: MediaDeps,
  creatorId: string,
  colors: [string, string],
  item: DemoItem,
  createdAt: Date,
  seed: number,
) {
  const [cover, audio, video] = await Promise.all([
    renderCover({
      width: 960,
      height: 640,
      colors,
      title: item.title,
      subtitle: item.subcategory,
      seed,
      format: 'jpeg',
    }).then((bytes) => store(deps, creatorId, 'image', bytes)),
    item.toneHz
      ? store(deps, creatorId, 'audio', toneWav({ seconds: 2, frequency: item.toneHz }))
      : Promise.resolve<MediaObjectRow | null>(null),
    item.hasVideo
      ? renderLoopVideo({ colors }).then((bytes) => store(deps, creatorId, 'video', bytes))
      : Promise.resolve<MediaObjectRow | null>(null),
  ]);
  const [row] = await ctx.db
    .insert(items)
    .values({
      creatorId,
      title: item.title,
      description: item.description,
      priceCents: item.priceCents,
      imageKey: cover.key,
      imagePreviewKey: cover.previewKey,
      audioKey: audio?.key ?? null,
      videoKey: video?.key ?? null,
      tags: item.tags,
      category: item.category,
      subcategory: item.subcategory,
      explicitContent: item.explicitContent ?? false,
      tierRequired: item.tierRequired ?? 'Aura',
      createdAt,
    })
    .returning({ id: items.id });
  if (!row) throw new Error('demo item insert returned nothing');
  return row.id;
}

/**
 * Likes and comments from the demo audience, with counters matching the rows. No visits: a
 * visitor is someone who opened the product page, and inventing them made every post read the
 * same number.
 */
async function engage(ctx: SeedContext, itemIds: number[], audience: string[]) {
  if (itemIds.length === 0 || audience.length === 0) return;
  const now = ctx.clock.now();
  const likes: { itemId: number; userId: string }[] = [];
  const comments: { itemId: number; authorId: string; text: string; createdAt: Date }[] = [];
  itemIds.forEach((itemId, i) => {
    audience.forEach((userId, j) => {
      // A deterministic spread: some items are popular, some are quiet.
      if ((i * 7 + j * 3) % 5 < 2 + (i % 3)) likes.push({ itemId, userId });
    });
    for (let c = 0; c < i % 3; c += 1) {
      comments.push({
        itemId,
        authorId: audience[(i + c) % audience.length] ?? '',
        text: DEMO_COMMENTS[(i + c) % DEMO_COMMENTS.length] ?? '',
        createdAt: new Date(now.getTime() - (c + 1) * HOUR),
      });
    }
  });
  if (likes.length) await ctx.db.insert(itemLikes).values(likes).onConflictDoNothing();
  if (comments.length) await ctx.db.insert(itemComments).values(comments);
  await ctx.db
    .update(items)
    .set({
      likesCount: sql`(select count(*)::int from ${itemLikes} where ${itemLikes.itemId} = ${items.id})`,
      commentsCount: sql`(select count(*)::int from ${itemComments} where ${itemComments.itemId} = ${items.id})`,
    })
    .where(inArray(items.id, itemIds));
}

/**
 * Demo content (issue 4): a dozen creators across the catalogue with free, paid and tier items,
 * generated covers, a few audio tones and visual loops (WebM muxed from frames sharp renders, so
 * nothing is downloaded and no encoder is needed), liked and commented by the demo audience. Runs
 * after the accounts seeder and adds items to its `demo_creator` too.
 */
export async function seedContent(ctx: SeedContext, report: SeedReport): Promise<void> {
  const deps: MediaDeps = {
    db: ctx.db,
    config: ctx.config,
    storage: ctx.storage,
    tempDir: mediaTempDir(ctx.config),
  };
  const now = ctx.clock.now().getTime();
  const itemIds: number[] = [];
  let slot = 0;
  const nextTime = () => new Date(now - (slot++ * 5 + 1) * HOUR);

  const creators = await Promise.all(
    DEMO_CREATORS.map(async (creator) => ({
      creator,
      row: await findOrCreateCreator(ctx, creator, deps),
    })),
  );
  // Round-robin over creators so the feed mixes them instead of showing one at a time.
  const rounds = Math.max(...DEMO_CREATORS.map((c) => c.items.length));
  for (let round = 0; round < rounds; round += 1) {
    const batch = creators.flatMap(({ creator, row }) => {
      const item = creator.items[round];
      return item ? [{ creatorId: row.id, colors: creator.colors, item, at: nextTime() }] : [];
    });
    const ids = await Promise.all(
      batch.map((b, i) => publish(ctx, deps, b.creatorId, b.colors, b.item, b.at, round * 31 + i)),
    );
    itemIds.push(...ids);
  }

  const [demoCreator] = await ctx.db.select().from(users).where(eq(users.username, 'demo_creator'));
  if (demoCreator) {
    await giveProfilePictures(ctx, deps, demoCreator, DEMO_CREATOR_COLORS);
    for (const [i, item] of DEMO_CREATOR_ITEMS.entries()) {
      itemIds.push(
        await publish(ctx, deps, demoCreator.id, DEMO_CREATOR_COLORS, item, nextTime(), 500 + i),
      );
    }
  }

  const [fan] = await ctx.db.select().from(users).where(eq(users.username, 'demo_user'));
  const audience = [...(fan ? [fan.id] : []), ...creators.map((c) => c.row.id)];
  await engage(ctx, itemIds, audience);

  report.lines.push(
    `Demo content: ${creators.length + (demoCreator ? 1 : 0)} creators, ${itemIds.length} items (free, paid and member-only).`,
  );
}
