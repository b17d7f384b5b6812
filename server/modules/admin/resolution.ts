import type { Actor } from '../../../common/rules/permissions';
import type { ResolveReportResponse } from '../../../common/schemas/admin';
import type { ResolveReportRequest } from '../../../common/schemas/reports';
import { authorize } from '../../auth/authorize';
import type { Database, Db } from '../../db/client';
import type { EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { commentSummary, parseItemId, setItemHidden } from '../items/index';
import { lockReport, markReportResolved, reportById, type ReportRow } from '../reports/index';
import { changeSuspension } from './actions';
import { isSelfWarning } from './policy';
import { issueWarning, warningById } from './warnings';

/** The item a report leads to: the item itself, or a reported comment's item. */
async function itemOfReport(tx: Db, report: ReportRow): Promise<number | null> {
  if (report.targetType === 'item') return Number(report.targetId);
  if (report.targetType !== 'comment') return null;
  const comment = await commentSummary(tx, Number(report.targetId));
  return comment?.itemId ?? null;
}

function reportedPerson(report: ReportRow): string {
  if (!report.targetUserId) throw fail('report_names_nobody');
  return report.targetUserId;
}

/**
 * POST /api/v1/admin/reports/{id}/resolve (issue 14): closes an open report with an action,
 * in one transaction with what the action does and both audit events. `warn` warns the person
 * reported (with a link to the item), `hide` hides a reported item, `suspend` suspends the
 * person (admins only); each needs its own permission besides resolving reports.
 */
export async function resolveReport(
  db: Database,
  actor: Actor,
  rawId: string,
  body: ResolveReportRequest,
  meta: EventMeta,
): Promise<ResolveReportResponse> {
  authorize(actor, 'admin.reports.resolve');
  if (body.action === 'warn') authorize(actor, 'admin.warn');
  if (body.action === 'hide') authorize(actor, 'admin.items.hide');
  if (body.action === 'suspend') authorize(actor, 'admin.users.suspend');
  const id = parseItemId(rawId);
  if (id === null) throw fail('report_not_found');

  const { reportId, warningId } = await db.transaction(async (tx) => {
    const report = await lockReport(tx, id);
    if (!report) throw fail('report_not_found');
    if (report.status !== 'open') throw fail('report_resolved');
    const reason = body.note || `Reported for ${report.reason}`;
    let warningId: number | null = null;
    switch (body.action) {
      case 'dismiss':
        break;
      case 'warn': {
        const userId = reportedPerson(report);
        if (isSelfWarning(actor, userId)) throw fail('cannot_warn_self');
        const itemId = await itemOfReport(tx, report);
        warningId = (await issueWarning(tx, { userId, itemId, reason }, actor, meta)).id;
        break;
      }
      case 'hide': {
        if (report.targetType !== 'item') throw fail('report_not_item');
        const hidden = await setItemHidden(tx, Number(report.targetId), true, actor, reason, meta);
        if (!hidden) throw fail('item_not_found');
        break;
      }
      case 'suspend':
        await changeSuspension(tx, actor, reportedPerson(report), true, reason, meta);
        break;
    }
    await markReportResolved(tx, report.id, actor, body.action, reason, meta);
    return { reportId: report.id, warningId };
  });
  const report = await reportById(db, reportId);
  if (!report) throw fail('report_not_found');
  return { report, warning: warningId === null ? null : await warningById(db, warningId) };
}
