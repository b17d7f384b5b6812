import type { Role } from '../../../common/rules/roles';
import type { CreateReportRequest, CreateReportResponse } from '../../../common/schemas/reports';
import { authorize } from '../../auth/authorize';
import type { Database } from '../../db/client';
import type { EventMeta } from '../../events/record';
import { createReport } from './service';
import { reportTargetOf } from './targets';

/**
 * POST /api/v1/reports: checks the reporter may see the target, then files the report (one
 * open report per person and target).
 */
export async function fileReport(
  db: Database,
  reporter: { id: string; role: Role },
  body: CreateReportRequest,
  meta: EventMeta,
): Promise<CreateReportResponse> {
  authorize(reporter, 'report.create');
  const target = await reportTargetOf(db, reporter, body);
  const { report, created } = await db.transaction((tx) =>
    createReport(tx, reporter, target, body.reason, body.text, meta),
  );
  return { id: report.id, status: report.status, created };
}
