import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '../../../common/rules/roles';
import type {
  CommentList,
  CommentListQuery,
  CommentResponse,
  LikeResponse,
  VisitResponse,
} from '../../../common/schemas/items';
import { authorize } from '../../auth/authorize';
import type { Database } from '../../db/client';
import { recordEvent, type EventMeta } from '../../events/record';
import { itemComments, itemLikes, items, itemVisits } from '../../db/schema/index';
import { timeIdCursor } from '../../http/cursor';
import { visitorKey } from '../../http/visitor-key';
import { creatorImage, creatorName, type Viewer } from './cards.read-model';
import { commentById, commentPage, type CommentWithAuthor } from './comments.read-model';
import { countsAsVisit } from './policy';
import { findVisibleItem } from './service';

/*
 * Likes, comments and visits (issue 4). Each counter on the item moves in the same transaction
 * as the row that justifies it, by the number of rows actually written, so concurrent requests
 * can never count one like or one visit twice.
 */

export interface EngagementDeps {
  db: Database;
  /** Keys the hash of a signed-out visitor's address (the address itself is never stored). */
  visitorKey: Uint8Array;
}

type Author = { id: string; role: Role };

/** One like per user and item: POST likes, DELETE unlikes; repeating either changes nothing. */
export async function setLike(
  deps: EngagementDeps,
  viewer: Author,
  rawId: string,
  isLiked: boolean,
  meta: EventMeta,
): Promise<LikeResponse> {
  authorize(viewer, 'item.like');
  const { item } = await findVisibleItem(deps.db, viewer, rawId);
  return deps.db.transaction(async (tx) => {
    const changed = isLiked
      ? await tx
          .insert(itemLikes)
          .values({ itemId: item.id, userId: viewer.id })
          .onConflictDoNothing()
          .returning({ itemId: itemLikes.itemId })
      : await tx
          .delete(itemLikes)
          .where(and(eq(itemLikes.itemId, item.id), eq(itemLikes.userId, viewer.id)))
          .returning({ itemId: itemLikes.itemId });
    const delta = (isLiked ? 1 : -1) * changed.length;
    const [row] =
      delta === 0
        ? await tx.select({ likes: items.likesCount }).from(items).where(eq(items.id, item.id))
        : await tx
            .update(items)
            .set({ likesCount: sql`${items.likesCount} + ${delta}` })
            .where(eq(items.id, item.id))
            .returning({ likes: items.likesCount });
    const likes = row?.likes ?? 0;
    if (delta !== 0) {
      await recordEvent(
        tx,
        viewer,
        {
          type: isLiked ? 'item.liked' : 'item.unliked',
          subjectId: String(item.id),
          data: { userId: viewer.id, likes },
        },
        meta,
        { audience: [item.creatorId] },
      );
    }
    return { liked: isLiked, likes };
  });
}

const presentComment = (row: CommentWithAuthor) => ({
  id: row.id,
  user: creatorName(row.author),
  userId: row.authorId,
  userImage: creatorImage(row.author),
  text: row.text,
  createdAt: row.createdAt.toISOString(),
});

/** Comments of an item, oldest first, paged by keyset. */
export async function listComments(
  deps: EngagementDeps,
  viewer: Viewer,
  rawId: string,
  query: CommentListQuery,
): Promise<CommentList> {
  const { item } = await findVisibleItem(deps.db, viewer, rawId);
  const after = timeIdCursor.decode(query.cursor);
  const rows = await commentPage(deps.db, item.id, after, query.limit + 1);
  const { page, nextCursor } = timeIdCursor.page(rows, query.limit, (r) => [r.micros, r.id]);
  return { comments: page.map(presentComment), total: item.commentsCount, nextCursor };
}

/**
 * SPEC §5 comments: attributed to the signed-in author (not 'Anonymous'), stored as the plain
 * text that was sent (trimmed); the web renders it as text, so markup stays inert.
 */
export async function addComment(
  deps: EngagementDeps,
  viewer: Author,
  rawId: string,
  text: string,
  meta: EventMeta,
): Promise<CommentResponse> {
  authorize(viewer, 'item.comment');
  const { item } = await findVisibleItem(deps.db, viewer, rawId);
  return deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(itemComments)
      .values({ itemId: item.id, authorId: viewer.id, text, createdAt: meta.at })
      .returning({ id: itemComments.id });
    if (!inserted) throw new Error('comment insert returned nothing');
    await recordEvent(
      tx,
      viewer,
      {
        type: 'comment.added',
        subjectId: String(inserted.id),
        data: { itemId: item.id, authorId: viewer.id },
      },
      meta,
      { audience: [item.creatorId] },
    );
    const [counter] = await tx
      .update(items)
      .set({ commentsCount: sql`${items.commentsCount} + 1` })
      .where(eq(items.id, item.id))
      .returning({ commentsCount: items.commentsCount });
    const row = await commentById(tx, inserted.id);
    if (!row || !counter) throw new Error('comment insert returned nothing');
    return { comment: presentComment(row), commentsCount: counter.commentsCount };
  });
}

/** SPEC §4 visitors, counted once per viewer, item and (UTC) day; the creator's own do not count. */
export async function recordVisit(
  deps: EngagementDeps,
  viewer: Viewer,
  rawId: string,
  address: string,
  meta: EventMeta,
): Promise<VisitResponse> {
  const { item } = await findVisibleItem(deps.db, viewer, rawId);
  if (!countsAsVisit(viewer, item.creatorId)) {
    return { visitors: item.visitorsCount, counted: false };
  }
  const day = meta.at.toISOString().slice(0, 10);
  return deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(itemVisits)
      .values({ itemId: item.id, viewerKey: visitorKey(deps.visitorKey, viewer, address), day })
      .onConflictDoNothing()
      .returning({ itemId: itemVisits.itemId });
    const [row] =
      inserted.length === 0
        ? await tx
            .select({ visitors: items.visitorsCount })
            .from(items)
            .where(eq(items.id, item.id))
        : await tx
            .update(items)
            .set({ visitorsCount: sql`${items.visitorsCount} + 1` })
            .where(eq(items.id, item.id))
            .returning({ visitors: items.visitorsCount });
    const visitors = row?.visitors ?? 0;
    if (inserted.length > 0) {
      await recordEvent(
        tx,
        viewer,
        { type: 'item.visited', subjectId: String(item.id), data: { visitors } },
        meta,
      );
    }
    return { visitors, counted: inserted.length > 0 };
  });
}
