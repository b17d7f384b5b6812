import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { FEED_SHOWCASE_SIZE } from '../../../common/rules/feed';
import type { CreatorProfileResponse } from '../../../common/schemas/creator-profile';
import { FeedPage, SpotlightResponse } from '../../../common/schemas/feed';
import { ItemDetail } from '../../../common/schemas/items';
import { PublicProfileResponse } from '../../../common/schemas/users';

/** What one public page shows, exactly as the API answers a signed-out visitor. */
export type PublicPageData =
  | { kind: 'landing'; creators: SpotlightResponse['creators']; posts: FeedPage['posts'] }
  | { kind: 'discover'; creators: SpotlightResponse['creators'] }
  | { kind: 'creator'; profile: CreatorProfileResponse }
  | { kind: 'hypr'; profile: PublicProfileResponse }
  | { kind: 'product'; item: ItemDetail };

/**
 * Reads a page's data by asking this server's own public API without a token, so a server-rendered
 * page can never show more than the API shows a signed-out visitor (locked items stay locked,
 * paid media URLs are never in the answer). The visitor's address goes along, so its rate
 * limits count as theirs. Null when the API has no answer for a visitor (missing, hidden, failed).
 */
async function publicGet<S extends z.ZodType>(
  app: FastifyInstance,
  url: string,
  schema: S,
  remoteAddress: string,
): Promise<z.infer<S> | null> {
  const res = await app.inject({ method: 'GET', url, remoteAddress });
  if (res.statusCode !== 200) return null;
  const parsed = schema.safeParse(res.json());
  return parsed.success ? parsed.data : null;
}

const PRODUCT = /^\/product\/(\d{1,15})\/?$/;
const HYPR = /^\/hypr\/([\w-]{1,64})\/?$/;

export async function publicPageData(
  app: FastifyInstance,
  pathname: string,
  creatorUsername: string | null,
  remoteAddress: string,
  creatorProfile: (username: string) => Promise<CreatorProfileResponse | null>,
): Promise<PublicPageData | null> {
  const get = <S extends z.ZodType>(url: string, schema: S) =>
    publicGet(app, url, schema, remoteAddress);
  if (pathname === '/') {
    const [spotlight, feed] = await Promise.all([
      get('/api/v1/creators/spotlight', SpotlightResponse),
      get(`/api/v1/feed?limit=${FEED_SHOWCASE_SIZE}`, FeedPage),
    ]);
    return { kind: 'landing', creators: spotlight?.creators ?? [], posts: feed?.posts ?? [] };
  }
  if (pathname === '/discover') {
    const spotlight = await get('/api/v1/creators/spotlight', SpotlightResponse);
    return spotlight && { kind: 'discover', creators: spotlight.creators };
  }
  if (creatorUsername !== null) {
    // Its API call counts a visit: read without counting (web/src/boot.ts or the app counts).
    const profile = await creatorProfile(creatorUsername);
    return profile && { kind: 'creator', profile };
  }
  const hypr = HYPR.exec(pathname)?.[1];
  if (hypr) {
    const profile = await get(`/api/v1/users/${hypr}`, PublicProfileResponse);
    return profile && { kind: 'hypr', profile };
  }
  const product = PRODUCT.exec(pathname)?.[1];
  if (product) {
    const item = await get(`/api/v1/items/${product}`, ItemDetail);
    return item && { kind: 'product', item };
  }
  return null;
}
