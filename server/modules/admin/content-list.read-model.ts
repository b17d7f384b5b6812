import { and, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../../common/rules/permissions';
import type {
  AdminContentPage,
  AdminContentQuery,
  AdminContentRow,
} from '../../../common/schemas/admin';
import { authorize } from '../../auth/authorize';
import type { Db } from '../../db/client';
import { items, reports, users } from '../../db/schema/index';
import { fail } from '../../http/errors';
import { idCursor } from '../../http/cursor';
import { adminAbilities, containsPattern } from './policy';
import { warningsPerItem } from './warnings';

const contentColumns = {
  id: items.id,
  title: items.title,
  creator: users.username,
  creatorId: items.creatorId,
  views: items.visitorsCount,
  sales: items.salesCount,
  hidden: items.hidden,
  status: items.status,
  createdAt: items.createdAt,
};

type ContentColumns = Omit<AdminContentRow, 'createdAt' | 'warnings' | 'openReports'> & {
  createdAt: Date;
};

// Reports name their target by text; the item's id as text finds them through reports_target_idx.
const isOpenReportOf = sql`${reports.targetType} = 'item' and ${reports.targetId} = ${items.id}::text and ${reports.status} = 'open'`;
const hasOpenReport = sql`exists (select 1 from ${reports} where ${isOpenReportOf})`;

async function openReportsPerItem(db: Db, itemIds: readonly number[]) {
  if (itemIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ targetId: reports.targetId, count: sql<number>`count(*)::int` })
    .from(reports)
    .where(
      and(
        eq(reports.targetType, 'item'),
        eq(reports.status, 'open'),
        inArray(
          reports.targetId,
          itemIds.map((id) => String(id)),
        ),
      ),
    )
    .groupBy(reports.targetId);
  return new Map(rows.map((r) => [Number(r.targetId), r.count]));
}

async function presentContentRows(db: Db, rows: ContentColumns[]): Promise<AdminContentRow[]> {
  const ids = rows.map((r) => r.id);
  const [warnings, openReports] = await Promise.all([
    warningsPerItem(db, ids),
    openReportsPerItem(db, ids),
  ]);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    warnings: warnings.get(r.id) ?? 0,
    openReports: openReports.get(r.id) ?? 0,
  }));
}

/**
 * SPEC §7 GET /api/content (issue 14): every item, newest first by keyset over the id;
 * searchable by title or creator, filterable by hidden/visible and by open reports.
 */
export async function listContent(
  db: Db,
  actor: Actor,
  query: AdminContentQuery,
): Promise<AdminContentPage> {
  authorize(actor, 'admin.content.read');
  const before = idCursor.decode(query.cursor)?.[0] ?? null;
  const filters: (SQL | undefined)[] = [
    query.visibility ? eq(items.hidden, query.visibility === 'hidden') : undefined,
    query.reported === 'true' ? hasOpenReport : undefined,
    query.reported === 'false' ? sql`not ${hasOpenReport}` : undefined,
    query.q
      ? or(
          ilike(items.title, containsPattern(query.q)),
          ilike(users.username, containsPattern(query.q)),
        )
      : undefined,
    before === null ? undefined : lt(items.id, before),
  ];
  const rows = await db
    .select(contentColumns)
    .from(items)
    .innerJoin(users, eq(users.id, items.creatorId))
    .where(and(...filters))
    .orderBy(desc(items.id))
    .limit(query.limit + 1);
  const { page, nextCursor } = idCursor.page(rows, query.limit, (r) => [r.id]);
  return {
    items: await presentContentRows(db, page),
    nextCursor,
    abilities: adminAbilities(actor),
  };
}

/** One admin content row (after hiding or unhiding). */
export async function adminContentRow(db: Db, itemId: number): Promise<AdminContentRow> {
  const rows = await db
    .select(contentColumns)
    .from(items)
    .innerJoin(users, eq(users.id, items.creatorId))
    .where(eq(items.id, itemId));
  const [row] = await presentContentRows(db, rows);
  if (!row) throw fail('item_not_found');
  return row;
}
