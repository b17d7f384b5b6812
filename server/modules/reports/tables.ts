import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  REPORT_ACTIONS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  type ReportAction,
  type ReportReason,
  type ReportStatus,
  type ReportTargetType,
} from '../../../common/schemas/reports';
import { inList } from '../../db/checks';
import { users } from '../users/tables';

/**
 * Reports to the moderators (issue 14). `target_id` is text because targets are keyed
 * differently (items and comments by number, users and messages by uuid). `target_user_id` is
 * the person the report is about, taken when the report is made, so a moderator can warn or
 * suspend them even for targets this module cannot look up (messages).
 */
export const reports = pgTable(
  'reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type').$type<ReportTargetType>().notNull(),
    targetId: text('target_id').notNull(),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').$type<ReportReason>().notNull(),
    text: text('text').notNull().default(''),
    status: text('status').$type<ReportStatus>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolution: text('resolution').$type<ReportAction>(),
  },
  (t) => [
    check('reports_target_type_check', inList(t.targetType, REPORT_TARGET_TYPES)),
    check('reports_reason_check', inList(t.reason, REPORT_REASONS)),
    check('reports_status_check', inList(t.status, REPORT_STATUSES)),
    check('reports_resolution_check', inList(t.resolution, REPORT_ACTIONS)),
    check(
      'reports_resolved_check',
      sql`(${t.status} = 'open') = (${t.resolvedAt} is null and ${t.resolution} is null)`,
    ),
    // One open report per person and target: a double click or a second report adds nothing.
    uniqueIndex('reports_open_unique_idx')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    // The moderators' queue pages newest first per status; the content list asks per target.
    index('reports_status_idx').on(t.status, t.id.desc()),
    index('reports_target_idx').on(t.targetType, t.targetId, t.status),
  ],
);
export type ReportRow = typeof reports.$inferSelect;
