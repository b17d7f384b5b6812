import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatorProfiles, itemLikes, items, itemVisits, users } from '../db/schema/index';
import { mediaPath } from '../modules/media/index';
import { createMediaTestApp, filesUnder, type MediaTestApp } from '../modules/media/test-helpers';
import { seedAccounts } from './accounts';
import { seedContent } from './content';
import { seedCreatorProfiles } from './creator-profiles';
import { DEMO_CREATORS } from './content-catalogue';
import type { SeedReport } from './index';

let t: MediaTestApp;
const report: SeedReport = { lines: [] };

beforeAll(async () => {
  // Its own database: demo data seeded by another file would point at that file's media.
  t = await createMediaTestApp({ ownDatabase: true });
  await seedAccounts(t.container, report);
  await seedContent(t.container, report);
  await seedCreatorProfiles(t.container, report);
});
afterAll(() => t.close());

describe('seedContent', () => {
  it('publishes a dozen creators with media, likes and comments that the feed shows', async () => {
    const creators = await t.db
      .select({
        id: users.id,
        role: users.role,
        avatarUrl: users.avatarUrl,
        bannerKey: creatorProfiles.bannerImageKey,
      })
      .from(users)
      .leftJoin(creatorProfiles, eq(creatorProfiles.userId, users.id))
      .where(inArray(users.username, [...DEMO_CREATORS.map((c) => c.username), 'demo_creator']));
    expect(creators).toHaveLength(DEMO_CREATORS.length + 1);
    expect(creators.every((c) => c.role === 'creator')).toBe(true);
    // Each has an illustrated avatar and a banner on their creator profile, which load.
    expect(new Set(creators.map((c) => c.avatarUrl)).size).toBe(creators.length);
    expect(new Set(creators.map((c) => c.bannerKey)).size).toBe(creators.length);
    const shown = await t.app.inject({ url: `/api/v1/users/${creators[0]?.id}` });
    const banner = mediaPath(creators[0]?.bannerKey ?? '');
    expect(shown.json()).toMatchObject({ avatar: creators[0]?.avatarUrl, banner });
    for (const url of [creators[0]?.avatarUrl, banner]) {
      const res = await t.app.inject({ url: url ?? '' });
      expect(res.statusCode, url ?? '').toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
    }

    const rows = await t.db
      .select()
      .from(items)
      .where(
        inArray(
          items.creatorId,
          creators.map((c) => c.id),
        ),
      );
    expect(rows.length).toBeGreaterThanOrEqual(36);
    expect(new Set(rows.map((r) => r.category)).size).toBeGreaterThanOrEqual(12);
    expect(rows.filter((r) => r.audioKey).length).toBeGreaterThan(3);
    expect(rows.filter((r) => r.videoKey).length).toBe(3);
    expect(rows.some((r) => r.priceCents > 0)).toBe(true);
    expect(rows.some((r) => r.tierRequired !== 'Aura')).toBe(true);
    expect(rows.every((r) => r.imageKey && r.imagePreviewKey)).toBe(true);
    // Counters agree with the rows behind them.
    const [likes] = await t.db.select({ n: sql<number>`count(*)::int` }).from(itemLikes);
    expect(rows.reduce((sum, r) => sum + r.likesCount, 0)).toBe(likes?.n);
    expect(rows.some((r) => r.commentsCount > 0)).toBe(true);
    // Visitors are people who open a product page: the seed invents none, so none are shown.
    const [visits] = await t.db.select({ n: sql<number>`count(*)::int` }).from(itemVisits);
    expect(visits?.n).toBe(0);
    expect(rows.every((r) => r.visitorsCount === 0)).toBe(true);
    // Each cover: original, preview and teaser.
    expect(filesUnder(t.dataDir).length).toBeGreaterThan(rows.length * 3);
    expect(report.lines.some((line) => /Demo content: 13 creators/.test(line))).toBe(true);

    const feed = await t.app.inject({ url: '/api/v1/feed' });
    expect(feed.json().posts).toHaveLength(20);
    const seeded = rows.find((r) => r.audioKey && r.priceCents === 0 && r.tierRequired === 'Aura');
    const item = (await t.app.inject({ url: `/api/v1/items/${seeded?.id}` })).json();
    for (const url of [item.imageUrl, item.previewUrl, item.audioUrl]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(200);
    }
    // A paid demo item shows its teaser signed out, and the teaser loads.
    const paid = rows.find((r) => r.priceCents > 0);
    const locked = (await t.app.inject({ url: `/api/v1/items/${paid?.id}` })).json();
    expect(locked.imageUrl).toMatch(/\.teaser\.webp$/);
    expect((await t.app.inject({ url: locked.imageUrl })).statusCode).toBe(200);
    const spotlight = await t.app.inject({ url: '/api/v1/creators/spotlight' });
    expect(spotlight.json().creators).toHaveLength(6);
    expect(
      spotlight
        .json()
        .creators.some((c: { avatarUrl: string | null }) =>
          c.avatarUrl?.startsWith('/api/v1/media/pre-'),
        ),
    ).toBe(true);
  });
});
