import { and, eq } from 'drizzle-orm';
import type { ReportAction, ReportReason, ReportTargetType } from '../../../common/schemas/reports';
import type { Db } from '../../db/client';
import { recordEvent, type EventMeta } from '../../events/record';
import { reports, type ReportRow } from './tables';

/** What a report is about; `userId` is the person behind it when the caller knows them. */
export interface ReportTarget {
  type: ReportTargetType;
  id: string;
  /** Item creator, comment author, message sender, or the reported user themselves. */
  userId?: string | null;
}

/**
 * Files a report (issue 14) in the caller's transaction and records `report.created`. The
 * messages module reports messages through this same function. One open report per person and
 * target: reporting the same thing again returns the open report with `created: false`.
 * The caller checks that the reporter may see the target.
 */
export async function createReport(
  tx: Db,
  reporter: { id: string },
  target: ReportTarget,
  reason: ReportReason,
  text: string,
  meta: EventMeta,
): Promise<{ report: ReportRow; created: boolean }> {
  const [inserted] = await tx
    .insert(reports)
    .values({
      reporterId: reporter.id,
      targetType: target.type,
      targetId: target.id,
      targetUserId: target.userId ?? null,
      reason,
      text,
      createdAt: meta.at,
    })
    .onConflictDoNothing()
    .returning();
  if (!inserted) {
    const [open] = await tx
      .select()
      .from(reports)
      .where(
        and(
          eq(reports.reporterId, reporter.id),
          eq(reports.targetType, target.type),
          eq(reports.targetId, target.id),
          eq(reports.status, 'open'),
        ),
      );
    if (!open) throw new Error('report conflict without an open report');
    return { report: open, created: false };
  }
  await recordEvent(
    tx,
    reporter,
    {
      type: 'report.created',
      subjectId: String(inserted.id),
      data: { targetType: target.type, targetId: target.id, reason },
    },
    meta,
  );
  return { report: inserted, created: true };
}

/** The report, locked for the caller's transaction; null when unknown. */
export async function lockReport(tx: Db, reportId: number): Promise<ReportRow | null> {
  const [row] = await tx.select().from(reports).where(eq(reports.id, reportId)).for('update');
  return row ?? null;
}

/**
 * Closes an open report with the action taken and records `report.resolved` (with the
 * moderator's reason). Null when the report was not open (resolved meanwhile).
 */
export async function markReportResolved(
  tx: Db,
  reportId: number,
  actor: { id: string },
  action: ReportAction,
  reason: string,
  meta: EventMeta,
): Promise<ReportRow | null> {
  const [resolved] = await tx
    .update(reports)
    .set({ status: 'resolved', resolvedAt: meta.at, resolvedBy: actor.id, resolution: action })
    .where(and(eq(reports.id, reportId), eq(reports.status, 'open')))
    .returning();
  if (!resolved) return null;
  await recordEvent(
    tx,
    actor,
    { type: 'report.resolved', subjectId: String(reportId), data: { action, reason } },
    meta,
  );
  return resolved;
}
