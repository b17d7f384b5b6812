import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatorProfileResponse } from '../../common/schemas/creator-profile';
import { createMediaTestApp, type MediaTestApp } from '../modules/media/test-helpers';
import { seedAccounts } from './accounts';
import { seedCreatorProfiles } from './creator-profiles';
import type { SeedReport } from './index';

let t: MediaTestApp;
const report: SeedReport = { lines: [] };

beforeAll(async () => {
  // Its own database: demo data seeded by another file would point at that file's media.
  t = await createMediaTestApp({ ownDatabase: true });
  await seedAccounts(t.container, report);
  await seedCreatorProfiles(t.container, report);
});
afterAll(() => t.close());

describe('seedCreatorProfiles', () => {
  it('gives the demo creator a banner, links, a CreatorWorld and a card per item', async () => {
    const res = await t.app.inject({ url: '/api/v1/creators/demo_creator' });
    expect(res.statusCode, res.body).toBe(200);
    const profile = CreatorProfileResponse.parse(res.json());
    expect(profile.auraStatus).toBe('Working on Midnight Loop Pack');
    expect(profile.links.instagram).toMatch(/^https:\/\/instagram\.example\.com\//);
    expect(profile.creatorWorldDescription).toContain('Demo Creator');
    expect(profile.auraCards.map((c) => c.rarity)).toEqual(['exclusive', 'premium', 'free']);
    // The banner is an ordinary upload anyone can load.
    expect((await t.app.inject({ url: profile.bannerImage ?? '' })).statusCode).toBe(200);
    // Creators the content seeder did not make are skipped, and a second run changes nothing.
    expect(report.lines.at(-1)).toBe('Demo creator profiles: 1.');
    await seedCreatorProfiles(t.container, report);
    expect(report.lines.at(-1)).toBe('Demo creator profiles: 0.');
    const again = CreatorProfileResponse.parse(
      (await t.app.inject({ url: '/api/v1/creators/demo_creator' })).json(),
    );
    expect(again.bannerImage).toBe(profile.bannerImage);
  });
});
