import { alias } from 'drizzle-orm/pg-core';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { avatarOf, displayNameOf } from '../../../common/rules/display-name';
import type { Tier } from '../../../common/rules/tiers';
import type { ItemState } from '../../../common/schemas/items';
import type { UserStatus } from '../../../common/schemas/users';
import type { Db } from '../../db/client';
import { auditEvents, entitlements, items, mediaObjects, users } from '../../db/schema/index';
import { listedItem } from '../items/index';

/*
 * What a creator's feed shows (issue 42): the creator, their newest listed items with the size
 * and type of each item's audio and video, and when any of that last changed. Reads users, items,
 * media objects, billing's entitlements and the audit trail; writes nothing.
 */

/** Items per feed: podcast apps keep older episodes they already fetched. */
export const FEED_ITEM_LIMIT = 100;
/**
 * How many listed items a feed reads at most to find its FEED_ITEM_LIMIT: a reader's items may lie
 * behind many they cannot open (a public feed behind paid items), and a feed is asked for often.
 */
export const FEED_SCAN_LIMIT = 2_000;

export interface FeedCreator {
  id: string;
  username: string;
  displayName: string;
  bio: string | null;
  image: string | null;
  locale: string;
  status: UserStatus;
  registeredAt: Date;
}

export async function feedCreatorByName(db: Db, username: string): Promise<FeedCreator | null> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      givenName: users.givenName,
      familyName: users.familyName,
      bio: users.bio,
      profileImage: users.profileImage,
      avatarUrl: users.avatarUrl,
      locale: users.locale,
      status: users.status,
      registeredAt: users.registeredAt,
    })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    username: row.username,
    displayName: displayNameOf(row),
    bio: row.bio,
    image: avatarOf(row),
    locale: row.locale,
    status: row.status,
    registeredAt: row.registeredAt,
  };
}

/** An enclosure's file: its key, bytes and type. */
export interface FeedMedia {
  key: string;
  sizeBytes: number;
  mimeType: string;
}

export interface FeedItem {
  id: number;
  creatorId: string;
  title: string;
  description: string;
  category: string;
  explicitContent: boolean;
  priceCents: number;
  tierRequired: Tier;
  /** Members-first until then (issue 42). */
  earlyAccessUntil: Date | null;
  status: ItemState;
  hidden: boolean;
  imagePreviewKey: string | null;
  createdAt: Date;
  audio: FeedMedia | null;
  video: FeedMedia | null;
}

const audioObjects = alias(mediaObjects, 'audio_objects');
const videoObjects = alias(mediaObjects, 'video_objects');

const mediaOf = (key: string | null, size: number | null, type: string | null) =>
  key !== null && size !== null && type !== null
    ? { key, sizeBytes: Number(size), mimeType: type }
    : null;

/**
 * The creator's newest listed items (available, not hidden: never a scheduled one), or the one
 * with `itemId` if it is among them.
 */
/** Where a page of a feed's items begins: after this item, newest first. */
export interface FeedItemCursor {
  createdAt: Date;
  id: number;
}

export async function listedFeedItems(
  db: Db,
  creatorId: string,
  options: { itemId?: number; after?: FeedItemCursor } = {},
): Promise<FeedItem[]> {
  const { itemId, after } = options;
  const rows = await db
    .select({
      id: items.id,
      creatorId: items.creatorId,
      title: items.title,
      description: items.description,
      category: items.category,
      explicitContent: items.explicitContent,
      priceCents: items.priceCents,
      tierRequired: items.tierRequired,
      earlyAccessUntil: items.earlyAccessUntil,
      status: items.status,
      hidden: items.hidden,
      imagePreviewKey: items.imagePreviewKey,
      createdAt: items.createdAt,
      audioKey: items.audioKey,
      audioSize: audioObjects.sizeBytes,
      audioType: audioObjects.mimeType,
      videoKey: items.videoKey,
      videoSize: videoObjects.sizeBytes,
      videoType: videoObjects.mimeType,
    })
    .from(items)
    .leftJoin(audioObjects, eq(audioObjects.key, items.audioKey))
    .leftJoin(videoObjects, eq(videoObjects.key, items.videoKey))
    .where(
      and(
        eq(items.creatorId, creatorId),
        listedItem(),
        itemId === undefined ? undefined : eq(items.id, itemId),
        after === undefined
          ? undefined
          : sql`(${items.createdAt}, ${items.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`,
      ),
    )
    .orderBy(desc(items.createdAt), desc(items.id))
    .limit(FEED_ITEM_LIMIT);
  return rows.map(
    ({ audioKey, audioSize, audioType, videoKey, videoSize, videoType, ...item }) => ({
      ...item,
      audio: mediaOf(audioKey, audioSize, audioType),
      video: mediaOf(videoKey, videoSize, videoType),
    }),
  );
}

/**
 * When the feed's content last changed, to the second: its newest item, the latest change to
 * one of its items or to the creator's profile (the audit trail), and for a private feed the
 * link's last reset and the reader's purchases and memberships of this creator (begun, or ended
 * by now).
 */
export async function feedLastModified(
  db: Db,
  creator: FeedCreator,
  itemIds: readonly number[],
  newestItem: Date | null,
  reader: { userId: string; linkRotatedAt: Date; now: Date } | null,
): Promise<Date> {
  const times: Date[] = [creator.registeredAt];
  if (newestItem) times.push(newestItem);
  const [changes] = await db
    .select({ at: sql<string | null>`max(${auditEvents.createdAt})` })
    .from(auditEvents)
    .where(
      sql`(${auditEvents.subjectType} = 'item' and ${inArray(
        auditEvents.subjectId,
        itemIds.length > 0 ? itemIds.map(String) : [''],
      )}) or (${auditEvents.subjectType} = 'user' and ${auditEvents.subjectId} = ${creator.id}
        and ${auditEvents.action} = 'profile.updated')`,
    );
  if (changes?.at) times.push(new Date(changes.at));
  if (reader) {
    times.push(reader.linkRotatedAt);
    const now = reader.now.toISOString();
    const [held] = await db
      .select({
        at: sql<string | null>`max(greatest(${entitlements.createdAt},
          case when ${entitlements.periodEnd} <= ${now}::timestamptz then ${entitlements.periodEnd} end))`,
      })
      .from(entitlements)
      .where(
        and(
          eq(entitlements.userId, reader.userId),
          sql`(${entitlements.creatorId} = ${creator.id} or ${inArray(
            entitlements.itemId,
            itemIds.length > 0 ? [...itemIds] : [-1],
          )})`,
        ),
      );
    if (held?.at) times.push(new Date(held.at));
  }
  const newest = Math.max(...times.map((t) => t.getTime()));
  return new Date(Math.floor(newest / 1000) * 1000);
}
