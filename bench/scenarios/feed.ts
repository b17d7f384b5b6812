import { FeedPage } from '../../common/schemas/feed';
import { SignupResponse } from '../../common/schemas/auth';
import { seedFeedItems } from '../seed-items';
import type { Scenario } from './types';

const PAGE = '/api/v1/feed?limit=20';

/** A signed-in viewer, made through the public sign-up call like a real fan. */
async function signedInViewer(url: string): Promise<string> {
  const res = await fetch(new URL('/v1/auth/signup', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'bench_viewer',
      email: 'bench_viewer@bench.test',
      password: 'B3nch!Viewer',
      newsletter: false,
      termsAndConditions: true,
    }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return SignupResponse.parse(await res.json()).token;
}

/** Fails the scenario before measuring if the page is not a full, valid feed page. */
async function checkPage(url: string, token: string): Promise<void> {
  const res = await fetch(new URL(PAGE, url), { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`feed answered ${res.status}: ${await res.text()}`);
  const page = FeedPage.parse(await res.json());
  if (page.posts.length !== 20 || !page.nextCursor) {
    throw new Error(`feed answered ${page.posts.length} posts; expected a full page of 20`);
  }
}

function feedScenario(name: string, items: number, label: string): Scenario {
  return {
    name,
    group: 'feed',
    description: `GET ${PAGE} as a signed-in viewer, ${label} items seeded`,
    seedDatabase: (db) => seedFeedItems(db, { items }),
    async prepare({ url }) {
      const token = await signedInViewer(url);
      await checkPage(url, token);
      return { path: PAGE, headers: { authorization: `Bearer ${token}` } };
    },
  };
}

/** The first feed page with 10,000 items: the reference the large run is compared with. */
export const feed10k = feedScenario('feed-10k', 10_000, '10,000');

/**
 * The same page with 1,000,000 items. Keyset pagination on (created_at, id) keeps the page's
 * cost independent of the table size; the target is at most 1.25x the 10,000-item cost.
 */
export const feed1m: Scenario = {
  ...feedScenario('feed-1m', 1_000_000, '1,000,000'),
  compareWith: { scenario: 'feed-10k', maxCostRatio: 1.25 },
};
