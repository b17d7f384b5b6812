import { desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Warning } from '../../../common/schemas/admin';
import type { Db } from '../../db/client';
import { items, users } from '../../db/schema/index';
import { warnings } from './tables';

/* The warnings as the moderators and the warned person read them: with the names they show. */

const warned = alias(users, 'warned');
const issuer = alias(users, 'issuer');

/** SPEC §3 warning, with the names it shows. */
export async function presentWarnings(db: Db, where: SQL | undefined, limit: number) {
  return db
    .select({
      id: warnings.id,
      user: warned.username,
      userId: warnings.userId,
      reason: warnings.reason,
      createdAt: warnings.createdAt,
      itemId: warnings.itemId,
      itemTitle: items.title,
      issuedBy: issuer.username,
    })
    .from(warnings)
    .innerJoin(warned, eq(warned.id, warnings.userId))
    .leftJoin(items, eq(items.id, warnings.itemId))
    .leftJoin(issuer, eq(issuer.id, warnings.issuedBy))
    .where(where)
    .orderBy(desc(warnings.id))
    .limit(limit);
}

type PresentedRow = Awaited<ReturnType<typeof presentWarnings>>[number];

export const toWarning = (row: PresentedRow): Warning => ({
  id: row.id,
  user: row.user,
  userId: row.userId,
  reason: row.reason,
  date: row.createdAt.toISOString(),
  itemId: row.itemId,
  itemTitle: row.itemTitle,
  issuedBy: row.issuedBy,
});
