import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { microsOf, newerThan, type KeysetPosition } from '../../db/keyset';
import { itemComments, users } from '../../db/schema/index';
import { creatorColumns, type CreatorColumns } from './cards.read-model';

/* Read model of an item's comments: each with its author's name and picture (users). */

const commentColumns = {
  id: itemComments.id,
  text: itemComments.text,
  createdAt: itemComments.createdAt,
  micros: microsOf(itemComments.createdAt),
  authorId: itemComments.authorId,
  author: creatorColumns,
};

export interface CommentWithAuthor {
  id: number;
  text: string;
  createdAt: Date;
  authorId: string;
  author: CreatorColumns;
}

/** Comments of an item oldest first, after the keyset `after` (when given), `limit` of them. */
export async function commentPage(
  db: Db,
  itemId: number,
  after: KeysetPosition | null,
  limit: number,
) {
  return db
    .select(commentColumns)
    .from(itemComments)
    .innerJoin(users, eq(users.id, itemComments.authorId))
    .where(
      and(
        eq(itemComments.itemId, itemId),
        after ? newerThan(itemComments.createdAt, itemComments.id, after) : undefined,
      ),
    )
    .orderBy(asc(itemComments.createdAt), asc(itemComments.id))
    .limit(limit);
}

export async function commentById(db: Db, id: number) {
  const [row] = await db
    .select(commentColumns)
    .from(itemComments)
    .innerJoin(users, eq(users.id, itemComments.authorId))
    .where(eq(itemComments.id, id));
  return row;
}
