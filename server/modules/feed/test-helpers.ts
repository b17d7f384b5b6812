import { expect } from 'vitest';
import { FeedPage, type FeedPost } from '../../../common/schemas/feed';
import type { TestApp } from '../../test/app';
import type { TestUser } from '../../test/factories';

/** A cursor as a client could forge it: any position, encoded like the real ones. */
export const cursorOf = (position: unknown) =>
  Buffer.from(JSON.stringify(position)).toString('base64url');

/**
 * `cursor=` values every keyset list (feed, comments) must answer with 400: not base64url,
 * too long, not a `[micros, id]` position, or a position beyond what PostgreSQL can turn into a
 * timestamp.
 */
export const FORGED_CURSORS = [
  '',
  '%25%25',
  'bm9wZQ',
  '%00',
  'A'.repeat(201),
  Buffer.from('1.1').toString('base64url'),
  cursorOf(['1', 0]),
  Buffer.from('["1",9007199254740993]').toString('base64url'),
  cursorOf(['1', 1e20]),
  cursorOf(['1', 1.5]),
  cursorOf([1, 1]),
  cursorOf(['100000000000000000', 1]),
  cursorOf(['-9000000000000000000', 1]),
  cursorOf(['9223372036854775807', 1]),
  cursorOf(['-9223372036854775808', 1]),
];

/** The furthest positions a cursor may name, both ways: each must answer a (maybe empty) page. */
export const EDGE_CURSORS = [
  cursorOf(['99999999999999999', 1]),
  cursorOf(['-99999999999999999', 1]),
];

/**
 * Pages through GET /api/v1/feed as the viewer until every wanted item has been seen (or the
 * feed ends). Other test files may share the database and publish newer items, so a test never
 * assumes its items are on the first page. Answers the raw pages too, for leak checks.
 */
export async function feedPagesUntil(
  t: TestApp,
  viewer: TestUser | undefined,
  wanted: readonly number[],
): Promise<{ posts: Map<number, FeedPost>; bodies: string[] }> {
  const posts = new Map<number, FeedPost>();
  const bodies: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await t.app.inject({
      url: `/api/v1/feed?limit=50${cursor ? `&cursor=${cursor}` : ''}`,
      headers: viewer?.auth ?? {},
    });
    expect(res.statusCode, res.body).toBe(200);
    bodies.push(res.body);
    const page = FeedPage.parse(res.json());
    for (const post of page.posts) posts.set(post.id, post);
    cursor = page.nextCursor;
  } while (cursor && !wanted.every((id) => posts.has(id)));
  return { posts, bodies };
}
