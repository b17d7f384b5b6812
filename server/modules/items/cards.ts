import { and, eq, inArray, sql } from 'drizzle-orm';
import { avatarOf, displayNameOf } from '../../../common/rules/display-name';
import type { Role } from '../../../common/rules/roles';
import { FEED_POST_COMMENTS, type ItemComment } from '../../../common/schemas/feed';
import type { UserStatus } from '../../../common/schemas/users';
import type { Db } from '../../db/client';
import { itemLikes, items, users, type ItemRow } from '../../db/schema/index';
import { viewableItemIds } from '../billing/index';
import { abilitiesOf, isOwner } from './policy';

export type Viewer = { id: string; role: Role } | null;

/** The creator columns every item answer shows (name and picture), and whether they are active. */
export const creatorColumns = {
  username: users.username,
  displayName: users.displayName,
  profileImage: users.profileImage,
  avatarUrl: users.avatarUrl,
  status: users.status,
};

export interface CreatorColumns {
  username: string;
  displayName: string | null;
  profileImage: string | null;
  avatarUrl: string | null;
  status: UserStatus;
}

export interface ItemWithCreator {
  item: ItemRow;
  creator: CreatorColumns;
}

/** Everything the presenter needs to show one item to one viewer. */
export interface ItemView extends ItemWithCreator {
  isViewable: boolean;
  isOwner: boolean;
  likedByMe: boolean;
  comments: ItemComment[];
  /** What this viewer may do with it (the presenters' `abilities`). */
  abilities: { canEdit: boolean; canBuy: boolean };
}

export const creatorName = (c: Pick<CreatorColumns, 'username' | 'displayName'>) =>
  displayNameOf(c);
export const creatorImage = (c: Pick<CreatorColumns, 'profileImage' | 'avatarUrl'>) => avatarOf(c);

/** Items with their creators, in the given order (one query). */
export async function itemsWithCreators(
  db: Db,
  ids: readonly number[],
): Promise<ItemWithCreator[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ item: items, creator: creatorColumns })
    .from(items)
    .innerJoin(users, eq(users.id, items.creatorId))
    .where(inArray(items.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.item.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

interface LatestCommentRow {
  id: string;
  item_id: string;
  text: string;
  created_ms: number;
  author_id: string;
  username: string;
  display_name: string | null;
  profile_image: string | null;
  avatar_url: string | null;
}

/**
 * The latest few comments of each item, oldest first: one statement whose LATERAL part walks
 * the (item_id, created_at, id) index backwards, so an item with a million comments costs the
 * same as one with three.
 */
async function latestComments(db: Db, ids: readonly number[]): Promise<Map<number, ItemComment[]>> {
  const byItem = new Map<number, ItemComment[]>();
  if (ids.length === 0) return byItem;
  const list = sql.join(
    ids.map((id) => sql`(${id}::bigint)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select c.id::text as id, c.item_id::text as item_id, c.text,
           (extract(epoch from c.created_at) * 1000)::float8 as created_ms,
           u.id as author_id, u.username, u.display_name, u.profile_image, u.avatar_url
    from (values ${list}) as wanted(item_id)
    cross join lateral (
      select * from item_comments ic
      where ic.item_id = wanted.item_id
      order by ic.created_at desc, ic.id desc
      limit ${FEED_POST_COMMENTS}
    ) c
    join users u on u.id = c.author_id
    order by c.created_at asc, c.id asc`);
  for (const row of (result as unknown as { rows: LatestCommentRow[] }).rows) {
    const itemId = Number(row.item_id);
    const list = byItem.get(itemId) ?? [];
    list.push({
      id: Number(row.id),
      user: creatorName({ username: row.username, displayName: row.display_name }),
      userId: row.author_id,
      userImage: creatorImage({ profileImage: row.profile_image, avatarUrl: row.avatar_url }),
      text: row.text,
      createdAt: new Date(Number(row.created_ms)).toISOString(),
    });
    byItem.set(itemId, list);
  }
  return byItem;
}

async function likedByViewer(db: Db, viewer: Viewer, ids: readonly number[]): Promise<Set<number>> {
  if (!viewer || ids.length === 0) return new Set();
  const rows = await db
    .select({ itemId: itemLikes.itemId })
    .from(itemLikes)
    .where(and(eq(itemLikes.userId, viewer.id), inArray(itemLikes.itemId, [...ids])));
  return new Set(rows.map((r) => r.itemId));
}

/**
 * One viewer's view of many items: entitlement, likes and latest comments are each answered
 * for the whole batch in one query, so a feed page costs the same whatever its length.
 */
export async function viewItems(
  db: Db,
  viewer: Viewer,
  rows: readonly ItemWithCreator[],
  now: Date,
): Promise<ItemView[]> {
  const ids = rows.map((r) => r.item.id);
  const [viewable, liked, comments] = await Promise.all([
    viewableItemIds(
      db,
      viewer,
      rows.map((r) => r.item),
      now,
    ),
    likedByViewer(db, viewer, ids),
    latestComments(db, ids),
  ]);
  return rows.map((r) => ({
    ...r,
    isViewable: viewable.has(r.item.id),
    isOwner: isOwner(viewer, r.item.creatorId),
    likedByMe: liked.has(r.item.id),
    comments: comments.get(r.item.id) ?? [],
    abilities: abilitiesOf(viewer, r, viewable.has(r.item.id)),
  }));
}
