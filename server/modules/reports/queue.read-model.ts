import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Report, ReportStatus } from '../../../common/schemas/reports';
import type { Db } from '../../db/client';
import { itemComments, items, users } from '../../db/schema/index';
import { idCursor } from '../../http/cursor';
import { reports, type ReportRow } from './tables';

/** Longest excerpt of a reported comment shown in the queue. */
const LABEL_MAX = 140;

const reporter = alias(users, 'reporter');
const targetUser = alias(users, 'target_user');
const resolver = alias(users, 'resolver');

export interface ReportWithNames {
  row: ReportRow;
  reporter: string;
  targetUser: string | null;
  resolvedBy: string | null;
}

const numericIds = (rows: ReportWithNames[], type: 'item' | 'comment') =>
  rows.filter((r) => r.row.targetType === type).map((r) => Number(r.row.targetId));

/** What each reported item or comment is (title, excerpt) and which item to open. */
async function describeTargets(db: Db, rows: ReportWithNames[]) {
  const commentIds = numericIds(rows, 'comment');
  const comments = commentIds.length
    ? await db
        .select({ id: itemComments.id, itemId: itemComments.itemId, text: itemComments.text })
        .from(itemComments)
        .where(inArray(itemComments.id, commentIds))
    : [];
  const itemIds = [...new Set([...numericIds(rows, 'item'), ...comments.map((c) => c.itemId)])];
  const titles = itemIds.length
    ? await db
        .select({ id: items.id, title: items.title })
        .from(items)
        .where(inArray(items.id, itemIds))
    : [];
  return {
    comments: new Map(comments.map((c) => [c.id, c])),
    titles: new Map(titles.map((t) => [t.id, t.title])),
  };
}

export function presentReports(
  rows: ReportWithNames[],
  described: Awaited<ReturnType<typeof describeTargets>>,
): Report[] {
  return rows.map(({ row, ...names }) => {
    let itemId: number | null = null;
    let label: string | null = null;
    if (row.targetType === 'item') {
      itemId = Number(row.targetId);
      label = described.titles.get(itemId) ?? null;
    } else if (row.targetType === 'comment') {
      const comment = described.comments.get(Number(row.targetId));
      itemId = comment?.itemId ?? null;
      label = comment ? comment.text.slice(0, LABEL_MAX) : null;
    } else if (row.targetType === 'user') {
      label = names.targetUser;
    }
    return {
      id: row.id,
      reporter: names.reporter,
      reporterId: row.reporterId,
      targetType: row.targetType,
      targetId: row.targetId,
      targetUserId: row.targetUserId,
      targetUser: names.targetUser,
      itemId,
      targetLabel: label,
      reason: row.reason,
      text: row.text,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      resolvedAt: row.resolvedAt?.toISOString() ?? null,
      resolvedBy: names.resolvedBy,
      resolution: row.resolution,
    };
  });
}

async function withNames(db: Db, where: ReturnType<typeof and>, limit: number) {
  return db
    .select({
      row: reports,
      reporter: reporter.username,
      targetUser: targetUser.username,
      resolvedBy: resolver.username,
    })
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(targetUser, eq(targetUser.id, reports.targetUserId))
    .leftJoin(resolver, eq(resolver.id, reports.resolvedBy))
    .where(where)
    .orderBy(desc(reports.id))
    .limit(limit);
}

/** The moderators' queue (issue 14): reports of one status, newest first, by keyset. */
export async function listReports(
  db: Db,
  query: { status: ReportStatus; limit: number; cursor?: string | undefined },
): Promise<{ reports: Report[]; nextCursor: string | null }> {
  const before = idCursor.decode(query.cursor)?.[0] ?? null;
  const rows = await withNames(
    db,
    and(eq(reports.status, query.status), before === null ? undefined : lt(reports.id, before)),
    query.limit + 1,
  );
  const { page, nextCursor } = idCursor.page(rows, query.limit, (r) => [r.row.id]);
  return { reports: presentReports(page, await describeTargets(db, page)), nextCursor };
}

/** One report as the queue shows it (after a resolution). */
export async function reportById(db: Db, reportId: number): Promise<Report | null> {
  const rows = await withNames(db, and(eq(reports.id, reportId)), 1);
  return presentReports(rows, await describeTargets(db, rows))[0] ?? null;
}
