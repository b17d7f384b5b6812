import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Actor } from '../../../common/rules/permissions';
import {
  DEFAULT_WARNING_REASON,
  type MyWarning,
  type WarnRequest,
  type Warning,
  type WarningsPage,
  type WarningsQuery,
} from '../../../common/schemas/admin';
import { authorize } from '../../auth/authorize';
import type { Database, Db } from '../../db/client';
import { recordEvent, type EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { idCursor } from '../../http/cursor';
import { isUuid } from '../../http/ids';
import { itemSummary, parseItemId } from '../items/index';
import { accountState } from '../users/index';
import { isSelfWarning } from './policy';
import { warnings, type WarningRow } from './tables';
import { presentWarnings, toWarning } from './warnings.read-model';

/** How many unacknowledged warnings the dashboard notice lists at most. */
export const MY_WARNINGS_LIMIT = 20;

export async function warningById(db: Db, id: number): Promise<Warning> {
  const [row] = await presentWarnings(db, and(eq(warnings.id, id)), 1);
  if (!row) throw fail('warning_not_found');
  return toWarning(row);
}

/**
 * Issues one warning (issue 14) in the caller's transaction: the row and `user.warned`, whose
 * audience is the warned person, so their open sockets hear of it at once.
 */
export async function issueWarning(
  tx: Db,
  warning: { userId: string; itemId: number | null; reason: string },
  actor: { id: string } | null,
  meta: EventMeta,
): Promise<WarningRow> {
  const [row] = await tx
    .insert(warnings)
    .values({
      userId: warning.userId,
      itemId: warning.itemId,
      reason: warning.reason,
      issuedBy: actor?.id ?? null,
      createdAt: meta.at,
    })
    .returning();
  if (!row) throw new Error('warning insert returned nothing');
  await recordEvent(
    tx,
    actor,
    {
      type: 'user.warned',
      subjectId: warning.userId,
      data: { warningId: row.id, reason: row.reason, itemId: row.itemId },
    },
    meta,
    { audience: [warning.userId] },
  );
  return row;
}

/** The reason as given, or the default one when none (or only blanks) was given. */
export const warningReason = (body: WarnRequest) => body?.reason || DEFAULT_WARNING_REASON;

/** SPEC §7 POST /api/users/{id}/warn. */
export async function warnUser(
  db: Database,
  actor: Actor,
  rawId: string,
  body: WarnRequest,
  meta: EventMeta,
): Promise<Warning> {
  authorize(actor, 'admin.warn');
  const user = isUuid(rawId) ? await accountState(db, { id: rawId }) : null;
  if (!user || user.status === 'deleted') throw fail('user_not_found');
  if (isSelfWarning(actor, user.id)) throw fail('cannot_warn_self');
  const row = await db.transaction((tx) =>
    issueWarning(tx, { userId: user.id, itemId: null, reason: warningReason(body) }, actor, meta),
  );
  return warningById(db, row.id);
}

/** SPEC §7 POST /api/content/{id}/warn: warns the item's creator, linking the item. */
export async function warnItem(
  db: Database,
  actor: Actor,
  rawId: string,
  body: WarnRequest,
  meta: EventMeta,
): Promise<Warning> {
  authorize(actor, 'admin.warn');
  const id = parseItemId(rawId);
  const item = id === null ? null : await itemSummary(db, id);
  if (!item) throw fail('item_not_found');
  if (isSelfWarning(actor, item.creatorId)) throw fail('cannot_warn_self');
  const row = await db.transaction((tx) =>
    issueWarning(
      tx,
      { userId: item.creatorId, itemId: item.id, reason: warningReason(body) },
      actor,
      meta,
    ),
  );
  return warningById(db, row.id);
}

/** GET /api/v1/admin/warnings: every warning issued, newest first (SPEC §2 /admin/reports). */
export async function listWarnings(
  db: Database,
  actor: Actor,
  query: WarningsQuery,
): Promise<WarningsPage> {
  authorize(actor, 'admin.reports.read');
  const before = idCursor.decode(query.cursor)?.[0] ?? null;
  const rows = await presentWarnings(
    db,
    and(before === null ? undefined : lt(warnings.id, before)),
    query.limit + 1,
  );
  const { page, nextCursor } = idCursor.page(rows, query.limit, (r) => [r.id]);
  return { warnings: page.map(toWarning), nextCursor };
}

/** GET /api/v1/warnings/mine: the signed-in person's warnings they have not acknowledged. */
export async function myWarnings(db: Database, userId: string): Promise<MyWarning[]> {
  const rows = await presentWarnings(
    db,
    and(eq(warnings.userId, userId), isNull(warnings.acknowledgedAt)),
    MY_WARNINGS_LIMIT,
  );
  return rows.map((row) => ({
    id: row.id,
    reason: row.reason,
    date: row.createdAt.toISOString(),
    itemId: row.itemId,
    itemTitle: row.itemTitle,
    acknowledged: false,
  }));
}

/**
 * POST /api/v1/warnings/{id}/acknowledge: the warned person dismisses the notice. Someone
 * else's warning answers 404 like an unknown one; acknowledging twice changes nothing.
 */
export async function acknowledgeWarning(
  db: Database,
  userId: string,
  rawId: string,
  meta: EventMeta,
): Promise<MyWarning> {
  const id = parseItemId(rawId);
  return db.transaction(async (tx) => {
    const [row] =
      id === null
        ? []
        : await tx
            .select()
            .from(warnings)
            .where(and(eq(warnings.id, id), eq(warnings.userId, userId)))
            .for('update');
    if (!row) throw fail('warning_not_found');
    if (!row.acknowledgedAt) {
      await tx.update(warnings).set({ acknowledgedAt: meta.at }).where(eq(warnings.id, row.id));
      await recordEvent(
        tx,
        { id: userId },
        {
          type: 'user.warning_acknowledged',
          subjectId: String(row.id),
          data: { warningId: row.id },
        },
        meta,
      );
    }
    const item = row.itemId ? await itemSummary(tx, row.itemId) : null;
    return {
      id: row.id,
      reason: row.reason,
      date: row.createdAt.toISOString(),
      itemId: row.itemId,
      itemTitle: item?.title ?? null,
      acknowledged: true,
    };
  });
}

/** Warnings issued to each of these people, for the users table. */
export async function warningsPerUser(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ key: warnings.userId, count: sql<number>`count(*)::int` })
    .from(warnings)
    .where(inArray(warnings.userId, [...userIds]))
    .groupBy(warnings.userId);
  return new Map(rows.map((r) => [r.key, r.count]));
}

/** Warnings issued about each of these items, for the content table. */
export async function warningsPerItem(db: Db, itemIds: readonly number[]) {
  if (itemIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ key: warnings.itemId, count: sql<number>`count(*)::int` })
    .from(warnings)
    .where(inArray(warnings.itemId, [...itemIds]))
    .groupBy(warnings.itemId);
  return new Map(rows.map((r) => [r.key ?? 0, r.count]));
}
