import { eq, inArray, sql, type Placeholder } from 'drizzle-orm';
import { avatarOf, displayNameOf } from '../../../common/rules/display-name';
import type { Role } from '../../../common/rules/roles';
import { FEED_POST_COMMENTS, type ItemComment } from '../../../common/schemas/feed';
import type { UserStatus } from '../../../common/schemas/users';
import type { Database, Db } from '../../db/client';
import { preparedPerShape } from '../../db/prepared';
import { itemComments, itemLikes, items, users, type ItemRow } from '../../db/schema/index';
import {
  inEarlyAccess,
  isViewableWith,
  viewerEntitlementsSql,
  type EntitlementRow,
} from '../access/index';
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
  /** Until when it is members-first (issue 42); null when it is not (any more). */
  earlyAccessUntil: Date | null;
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

/** One of the latest comments of an item as `latestCommentsSql` writes it into its JSON array. */
interface LatestCommentJson {
  id: number;
  text: string;
  createdMs: number;
  authorId: string;
  username: string;
  displayName: string | null;
  profileImage: string | null;
  avatarUrl: string | null;
}

/**
 * The latest few comments of the item in `items.id`, oldest first, as a JSON array: a column of
 * the item's own select, whose inner part walks the (item_id, created_at, id) index backwards,
 * so an item with a million comments costs the same as one with three.
 */
const latestCommentsSql = () => sql<LatestCommentJson[]>`(
    select coalesce(json_agg(json_build_object('id', c.id, 'text', c.text,
        'createdMs', (extract(epoch from c.created_at) * 1000)::float8, 'authorId', u.id,
        'username', u.username, 'displayName', u.display_name,
        'profileImage', u.profile_image, 'avatarUrl', u.avatar_url)
      order by c.created_at asc, c.id asc), '[]'::json)
    from (
      select * from ${itemComments} ic
      where ic.item_id = ${items.id}
      order by ic.created_at desc, ic.id desc
      limit ${sql.raw(String(FEED_POST_COMMENTS))}
    ) c
    join ${users} u on u.id = c.author_id)`;

const presentComment = (c: LatestCommentJson): ItemComment => ({
  id: c.id,
  user: creatorName({ username: c.username, displayName: c.displayName }),
  userId: c.authorId,
  userImage: creatorImage({ profileImage: c.profileImage, avatarUrl: c.avatarUrl }),
  text: c.text,
  createdAt: new Date(Number(c.createdMs)).toISOString(),
});

/**
 * The columns of one viewer's view of an item, beside the item and its creator: whether the
 * viewer likes it, the viewer's entitlement rows that may cover it, and its latest comments.
 * Selected from `items` joined with its creator in `users`, so a feed page or an item page is
 * one SQL statement whatever its length.
 */
export const itemViewColumns = (
  viewer: { id: string | Placeholder } | null,
  now: Date | Placeholder,
) => ({
  item: items,
  creator: creatorColumns,
  // A lookup of the (item, viewer) key per row. With `exists` the planner may read all of the
  // viewer's likes into a hash once per page instead, and a prepared statement's generic plan,
  // made for a viewer with an average number of likes, would do so for one with 100,000 too.
  likedByMe: viewer
    ? sql<boolean>`coalesce((select true from ${itemLikes}
        where ${itemLikes.itemId} = ${items.id} and ${itemLikes.userId} = ${viewer.id}), false)`
    : sql<boolean>`false`,
  entitlements: viewer
    ? viewerEntitlementsSql(viewer.id, items.id, items.creatorId, now)
    : sql<null>`null`,
  comments: latestCommentsSql(),
});

/** A row selected with `itemViewColumns`. */
export interface ItemViewRow extends ItemWithCreator {
  likedByMe: boolean;
  entitlements: EntitlementRow[] | null;
  comments: LatestCommentJson[];
}

/** The viewer's view of one row of `itemViewColumns`: the rules decide on what it read. */
export function toItemView(viewer: Viewer, row: ItemViewRow, now: Date): ItemView {
  const isViewable = isViewableWith(viewer, row.item, row.creator.status, row.entitlements, now);
  return {
    item: row.item,
    creator: row.creator,
    isViewable,
    isOwner: isOwner(viewer, row.item.creatorId),
    likedByMe: row.likedByMe,
    comments: row.comments.map(presentComment),
    abilities: abilitiesOf(viewer, row, isViewable, now),
    earlyAccessUntil: inEarlyAccess(row.item, now) ? row.item.earlyAccessUntil : null,
  };
}

/** The item page's one statement, prepared per shape (signed in or not): a request binds its values. */
const itemStatement = preparedPerShape((db: Database, shape: 'viewer' | 'anonymous') =>
  db
    .select(
      itemViewColumns(
        shape === 'viewer' ? { id: sql.placeholder('viewer') } : null,
        sql.placeholder('now'),
      ),
    )
    .from(items)
    .innerJoin(users, eq(users.id, items.creatorId))
    .where(eq(items.id, sql.placeholder('id')))
    .prepare(`item_page_${shape}`),
);

/** One viewer's view of one item (one prepared statement), or null when there is no such item. */
export async function viewItem(
  db: Database,
  viewer: Viewer,
  id: number,
  now: Date,
): Promise<ItemView | null> {
  const [row] = await itemStatement(db, viewer ? 'viewer' : 'anonymous').execute({
    id,
    viewer: viewer?.id,
    now: now.toISOString(),
  });
  return row ? toItemView(viewer, row, now) : null;
}

/** One viewer's view of the items with these ids, in the given order (one statement). */
export async function viewItemsById(
  db: Db,
  viewer: Viewer,
  ids: readonly number[],
  now: Date,
): Promise<ItemView[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(itemViewColumns(viewer, now))
    .from(items)
    .innerJoin(users, eq(users.id, items.creatorId))
    .where(inArray(items.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.item.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toItemView(viewer, row, now)] : [];
  });
}
