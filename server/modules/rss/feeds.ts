import type { Role } from '../../../common/rules/roles';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import { isOpenToAll, viewableItemIds } from '../access/index';
import type { MediaUrls } from '../media/index';
import {
  FEED_ITEM_LIMIT,
  FEED_SCAN_LIMIT,
  feedCreatorByName,
  feedLastModified,
  listedFeedItems,
  type FeedCreator,
  type FeedItem,
} from './feed-items.read-model';
import { itunesCategoryOf } from './itunes-category';
import { feedMediaPath, openFeedLink, privateFeedPath, publicFeedPath } from './links';
import { rssXml, type RssItem } from './rss-xml';

/*
 * A creator's feeds (issue 42): the public one with their free items, and a person's private
 * one with every listed item that person may open (the access layer decides), audio or video
 * as each item's enclosure.
 */

export interface FeedDeps {
  db: Db;
  /** The `feed-links` key. */
  key: Buffer;
  urls: MediaUrls;
  publicUrl: string;
  now: Date;
}

export interface BuiltFeed {
  xml: string;
  lastModified: Date;
}

const withCreatorStatus = (creator: FeedCreator) => (item: FeedItem) => ({
  ...item,
  creatorStatus: creator.status,
});

/** The file a podcast app plays: the audio, else the video. */
const enclosureOf = (item: FeedItem) => item.audio ?? item.video;

async function activeCreator(db: Db, username: string): Promise<FeedCreator> {
  const creator = await feedCreatorByName(db, username);
  if (creator?.status !== 'active') throw fail('feed_not_found');
  return creator;
}

function buildFeed(
  deps: FeedDeps,
  creator: FeedCreator,
  shown: readonly FeedItem[],
  selfPath: string,
  enclosureUrl: (item: FeedItem) => string,
  lastModified: Date,
  isPrivate: boolean,
): BuiltFeed {
  const absolute = (path: string) => (path.startsWith('/') ? `${deps.publicUrl}${path}` : path);
  const host = new URL(deps.publicUrl).host;
  const items: RssItem[] = shown.map((item) => {
    const media = enclosureOf(item);
    const isFree = isOpenToAll(item, creator.status, deps.now);
    return {
      // Stable across requests and resets: the item's id on this server, never a signed URL.
      guid: `aura:${host}:item:${item.id}`,
      title: item.title,
      link: `${deps.publicUrl}/product/${item.id}`,
      description: item.description,
      published: item.createdAt,
      explicit: item.explicitContent,
      category: item.category,
      image:
        isFree && item.imagePreviewKey ? absolute(deps.urls.plain(item.imagePreviewKey)) : null,
      enclosure: media
        ? { url: enclosureUrl(item), length: media.sizeBytes, type: media.mimeType }
        : null,
    };
  });
  const xml = rssXml({
    title: creator.displayName,
    link: `${deps.publicUrl}/creator/${encodeURIComponent(creator.username)}`,
    self: `${deps.publicUrl}${selfPath}`,
    description: creator.bio?.trim() || `${creator.displayName} on Aura`,
    language: creator.locale,
    author: creator.displayName,
    image: creator.image ? absolute(creator.image) : null,
    category: itunesCategoryOf(shown.map((item) => item.category)),
    explicit: shown.some((item) => item.explicitContent),
    isPrivate,
    lastBuild: lastModified,
    items,
  });
  return { xml, lastModified };
}

/**
 * The newest FEED_ITEM_LIMIT listed items of a creator that `keep` lets through. It reads on past
 * the ones it drops, so a reader's items behind many others still fill the feed, up to
 * FEED_SCAN_LIMIT listed items read.
 */
async function newestKept<T extends FeedItem>(
  db: Db,
  creator: FeedCreator,
  keep: (page: FeedItem[]) => Promise<T[]>,
): Promise<T[]> {
  const kept: T[] = [];
  let after: FeedItem | undefined;
  for (let read = 0; read < FEED_SCAN_LIMIT; read += FEED_ITEM_LIMIT) {
    const page = await listedFeedItems(db, creator.id, { after });
    kept.push(...(await keep(page)));
    if (kept.length >= FEED_ITEM_LIMIT || page.length < FEED_ITEM_LIMIT) break;
    after = page.at(-1);
  }
  return kept.slice(0, FEED_ITEM_LIMIT);
}

/** GET /api/v1/feeds/{username}.rss: the creator's free, listed items, for anyone. */
export async function publicFeed(deps: FeedDeps, username: string): Promise<BuiltFeed> {
  const creator = await activeCreator(deps.db, username);
  const shown = await newestKept(deps.db, creator, async (page) =>
    page.filter((item) => isOpenToAll(item, creator.status, deps.now)),
  );
  const lastModified = await feedLastModified(
    deps.db,
    creator,
    shown.map((item) => item.id),
    shown[0]?.createdAt ?? null,
    null,
  );
  const absolute = (path: string) => `${deps.publicUrl}${path}`;
  return buildFeed(
    deps,
    creator,
    shown,
    publicFeedPath(creator.username),
    // A free item's media are public: the plain media URL.
    (item) => absolute(deps.urls.plain(enclosureOf(item)!.key)),
    lastModified,
    false,
  );
}

/** The person behind a working link and the listed items of its creator they may open. */
async function openableItems(deps: FeedDeps, username: string, token: string, itemId?: number) {
  const opened = await openFeedLink(deps.db, deps.key, username, token, deps.now);
  if (!opened) throw fail('feed_not_found');
  const creator = await activeCreator(deps.db, opened.creator.username);
  const person: { id: string; role: Role } = { id: opened.person.id, role: opened.person.role };
  const openable = async (page: FeedItem[]) => {
    const listed = page.map(withCreatorStatus(creator));
    const viewable = await viewableItemIds(deps.db, person, listed, deps.now);
    return listed.filter((item) => viewable.has(item.id));
  };
  const shown =
    itemId === undefined
      ? await newestKept(deps.db, creator, openable)
      : await openable(await listedFeedItems(deps.db, creator.id, { itemId }));
  return { opened, creator, shown };
}

/** GET /api/v1/feeds/{username}/{token}.rss: every listed item the link's person may open. */
export async function privateFeed(
  deps: FeedDeps,
  username: string,
  token: string,
): Promise<BuiltFeed> {
  const { opened, creator, shown } = await openableItems(deps, username, token);
  const lastModified = await feedLastModified(
    deps.db,
    creator,
    shown.map((item) => item.id),
    shown[0]?.createdAt ?? null,
    { userId: opened.person.id, linkRotatedAt: opened.link.rotatedAt, now: deps.now },
  );
  return buildFeed(
    deps,
    creator,
    shown,
    privateFeedPath(creator.username, token),
    (item) => `${deps.publicUrl}${feedMediaPath(creator.username, token, item.id)}`,
    lastModified,
    true,
  );
}

/**
 * GET /api/v1/feeds/{username}/{token}/media/{itemId}: where a private feed's enclosure is, a
 * media URL signed for a short while, asked anew at each play: it works while the link does.
 */
export async function feedMediaLocation(
  deps: FeedDeps,
  username: string,
  token: string,
  itemId: number,
): Promise<string> {
  const { shown } = await openableItems(deps, username, token, itemId);
  const media = shown[0] ? enclosureOf(shown[0]) : null;
  if (!media) throw fail('feed_not_found');
  return `${deps.publicUrl}${deps.urls.signed(media.key)}`;
}
