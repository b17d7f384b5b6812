import { z } from 'zod';
import { MessageId } from './messages';

/*
 * Reports (issue 14): a signed-in person reports an item, a comment, a message or a user to the
 * moderators, with a reason from a fixed list plus free text. Moderators resolve a report with
 * an action; both steps are audited.
 */

export const REPORT_TARGET_TYPES = ['item', 'comment', 'message', 'user'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** What the report button offers; `other` needs the text to say what is wrong. */
export const REPORT_REASONS = [
  'spam',
  'harassment',
  'hate',
  'sexual',
  'violence',
  'copyright',
  'scam',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** How a moderator closes a report: nothing to do, warn the person, hide the item, suspend. */
export const REPORT_ACTIONS = ['dismiss', 'warn', 'hide', 'suspend'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const REPORT_TEXT_MAX = 1000;
export const REPORT_NOTE_MAX = 500;

/**
 * POST /api/v1/reports. Messages are reported from the conversation (the messages module calls
 * the reports module itself), so this call takes items, comments and users.
 */
export const CreateReportRequest = z
  .object({
    targetType: z.enum(['item', 'comment', 'user']),
    targetId: z.string().trim().min(1).max(64),
    reason: z.enum(REPORT_REASONS),
    text: z.string().trim().max(REPORT_TEXT_MAX).default(''),
  })
  .refine((r) => r.reason !== 'other' || r.text.length > 0, {
    message: 'reports.textRequired',
    path: ['text'],
  });
export type CreateReportRequest = z.infer<typeof CreateReportRequest>;

/** One report as moderators see it. */
export const Report = z.object({
  id: z.number().int(),
  reporter: z.string(),
  reporterId: z.string(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  /** The person the report is about (item creator, comment author, message sender, the user). */
  targetUserId: z.string().nullable(),
  targetUser: z.string().nullable(),
  /** For items and comments: the item to open (a comment's item). */
  itemId: z.number().int().nullable(),
  /** A short description of what was reported (item title, comment text, username). */
  targetLabel: z.string().nullable(),
  reason: z.enum(REPORT_REASONS),
  text: z.string(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolution: z.enum(REPORT_ACTIONS).nullable(),
});
export type Report = z.infer<typeof Report>;

/** What the reporter gets back: the report's id and state (not the moderators' view). */
export const CreateReportResponse = z.object({
  id: z.number().int(),
  status: z.enum(REPORT_STATUSES),
  /** False when the same person already had an open report of the same thing. */
  created: z.boolean(),
});
export type CreateReportResponse = z.infer<typeof CreateReportResponse>;

export const ResolveReportRequest = z.object({
  action: z.enum(REPORT_ACTIONS),
  /** Why: goes into the warning, the suspension or the hidden item's audit entry. */
  note: z.string().trim().max(REPORT_NOTE_MAX).optional(),
});
export type ResolveReportRequest = z.infer<typeof ResolveReportRequest>;

/** POST /api/v1/messages/report: a participant reports a message they received (issue 11). */
export const ReportMessageRequest = z.object({
  messageId: MessageId,
  reason: z.enum(REPORT_REASONS),
  /** What the reporter adds in their own words (optional). */
  text: z.string().trim().max(REPORT_TEXT_MAX).optional(),
});
export type ReportMessageRequest = z.infer<typeof ReportMessageRequest>;

/** 201 for a new report, 200 when the reporter had reported this already (one report each). */
export const ReportResponse = z.object({
  id: z.string(),
  status: z.enum(REPORT_STATUSES),
});
export type ReportResponse = z.infer<typeof ReportResponse>;
