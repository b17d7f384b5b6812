import { z } from 'zod';
import { SUBJECT_TYPES } from '../events';
import { CURRENCIES } from '../rules/money';
import { ROLES } from '../rules/roles';
import { ITEM_STATES } from './items';
import { Report } from './reports';
import { USER_STATUSES } from './users';
import { AuditEvent } from './audit-event';

/*
 * The admin area (issue 14; SPEC §2 /admin/*, §3 admin rows, §7 GET /api/users, GET
 * /api/content, POST .../warn). Every list pages by keyset with an opaque `cursor` and a `limit`
 * of at most 100, so a page costs the same on the thousandth page as on the first.
 */

export const ADMIN_PAGE_DEFAULT = 20;
export const ADMIN_PAGE_MAX = 100;
/** A warning's reason; an empty or missing one becomes DEFAULT_WARNING_REASON. */
export const WARNING_REASON_MAX = 500;
export const DEFAULT_WARNING_REASON = 'Violation of the community guidelines';
/** Reason of a suspension, reactivation or hiding (kept in the audit trail). */
export const MODERATION_REASON_MAX = 500;

const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(ADMIN_PAGE_DEFAULT),
  /** The previous page's nextCursor (opaque). */
  cursor: z.string().max(200).optional(),
});

/** Search text: matched anywhere in the username or email (users) or title or creator (content). */
const SearchText = z.string().trim().max(100).optional();

/** What the signed-in staff member may do on these rows (the server's own rules). */
export const AdminAbilities = z.object({
  canWarn: z.boolean(),
  canSuspend: z.boolean(),
  canHide: z.boolean(),
  canResolveReports: z.boolean(),
  canReadSales: z.boolean(),
  canReadAudit: z.boolean(),
});
export type AdminAbilities = z.infer<typeof AdminAbilities>;

// ---- users ----

export const AdminUsersQuery = PageQuery.extend({
  q: SearchText,
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

/** SPEC §3 admin user row (id, username, email, role, registered) plus status and warnings. */
export const AdminUserRow = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** ISO 8601. */
  registered: z.string(),
  status: z.enum(USER_STATUSES),
  /** Warnings issued to this person so far. */
  warnings: z.number().int(),
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;

export const AdminUsersPage = z.object({
  users: z.array(AdminUserRow),
  nextCursor: z.string().nullable(),
  abilities: AdminAbilities,
});
export type AdminUsersPage = z.infer<typeof AdminUsersPage>;

// ---- content ----

export const AdminContentQuery = PageQuery.extend({
  q: SearchText,
  visibility: z.enum(['hidden', 'visible']).optional(),
  /** `true`: only items with an open report. */
  reported: z.enum(['true', 'false']).optional(),
});
export type AdminContentQuery = z.infer<typeof AdminContentQuery>;

/** SPEC §3 admin content row (id, title, creator, views, sales, warnings) plus moderation state. */
export const AdminContentRow = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The creator's username. */
  creator: z.string(),
  creatorId: z.string(),
  views: z.number().int(),
  sales: z.number().int(),
  /** Warnings issued about this item. */
  warnings: z.number().int(),
  hidden: z.boolean(),
  status: z.enum(ITEM_STATES),
  openReports: z.number().int(),
  createdAt: z.string(),
});
export type AdminContentRow = z.infer<typeof AdminContentRow>;

export const AdminContentPage = z.object({
  items: z.array(AdminContentRow),
  nextCursor: z.string().nullable(),
  abilities: AdminAbilities,
});
export type AdminContentPage = z.infer<typeof AdminContentPage>;

// ---- warnings ----

/**
 * POST /api/users/{id}/warn and /api/content/{id}/warn: the body and the reason are optional
 * (SPEC §7 sends none).
 */
export const WarnRequest = z
  .object({ reason: z.string().trim().max(WARNING_REASON_MAX).optional() })
  .nullish();
export type WarnRequest = z.infer<typeof WarnRequest>;

/** SPEC §3 warning (id, user, reason, date) plus the warned person's id and the item, if any. */
export const Warning = z.object({
  id: z.number().int(),
  /** The warned person's username. */
  user: z.string(),
  userId: z.string(),
  reason: z.string(),
  /** ISO 8601. */
  date: z.string(),
  itemId: z.number().int().nullable(),
  itemTitle: z.string().nullable(),
  /** Username of the moderator who issued it (null for the platform itself). */
  issuedBy: z.string().nullable(),
});
export type Warning = z.infer<typeof Warning>;

export const WarnResponse = z.object({ warning: Warning });
export type WarnResponse = z.infer<typeof WarnResponse>;

export const WarningsQuery = PageQuery;
export type WarningsQuery = z.infer<typeof WarningsQuery>;

export const WarningsPage = z.object({
  warnings: z.array(Warning),
  nextCursor: z.string().nullable(),
});
export type WarningsPage = z.infer<typeof WarningsPage>;

/** A warning as the warned person sees it on their dashboard. */
export const MyWarning = z.object({
  id: z.number().int(),
  reason: z.string(),
  date: z.string(),
  itemId: z.number().int().nullable(),
  itemTitle: z.string().nullable(),
  acknowledged: z.boolean(),
});
export type MyWarning = z.infer<typeof MyWarning>;

/** GET /api/v1/warnings/mine: the signed-in person's warnings not yet acknowledged. */
export const MyWarningsResponse = z.object({ warnings: z.array(MyWarning) });
export type MyWarningsResponse = z.infer<typeof MyWarningsResponse>;

// ---- suspension and hiding ----

/** Suspend, reactivate, hide, unhide: an optional reason, kept in the audit trail. */
export const ModerationReasonRequest = z
  .object({ reason: z.string().trim().max(MODERATION_REASON_MAX).optional() })
  .nullish();
export type ModerationReasonRequest = z.infer<typeof ModerationReasonRequest>;

export const AdminUserResponse = z.object({ user: AdminUserRow });
export type AdminUserResponse = z.infer<typeof AdminUserResponse>;

export const AdminContentResponse = z.object({ item: AdminContentRow });
export type AdminContentResponse = z.infer<typeof AdminContentResponse>;

// ---- reports ----

export const AdminReportsQuery = PageQuery.extend({
  status: z.enum(['open', 'resolved']).default('open'),
});
export type AdminReportsQuery = z.infer<typeof AdminReportsQuery>;

export const AdminReportsPage = z.object({
  reports: z.array(Report),
  nextCursor: z.string().nullable(),
  abilities: AdminAbilities,
});
export type AdminReportsPage = z.infer<typeof AdminReportsPage>;

/** The report after its resolution, with the warning it issued (action `warn`). */
export const ResolveReportResponse = z.object({
  report: Report,
  warning: Warning.nullable(),
});
export type ResolveReportResponse = z.infer<typeof ResolveReportResponse>;

// ---- sales ----

export const SALES_DAYS = 30;

export const AdminSalesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(ADMIN_PAGE_MAX),
});
export type AdminSalesQuery = z.infer<typeof AdminSalesQuery>;

/**
 * SPEC §3 sales row: id, product, sales (count) and revenue (formatted text), plus the cents.
 * Net of refunds: `sales` leaves out sales refunded in full, `revenue` is what buyers paid less
 * what went back (`refundedCents`).
 */
export const SalesRow = z.object({
  id: z.number().int(),
  product: z.string(),
  creatorId: z.string(),
  sales: z.number().int(),
  /** What buyers paid less refunds, formatted in English (the web formats revenueCents in the reader's language). */
  revenue: z.string(),
  revenueCents: z.number().int(),
  /** What went back to this item's buyers (refunds, lost disputes). */
  refundedCents: z.number().int(),
  currency: z.enum(CURRENCIES),
});
export type SalesRow = z.infer<typeof SalesRow>;

/** One currency's sales of one UTC day, net of what went back of them since (issue 43). */
export const DailySales = z.object({
  /** YYYY-MM-DD (UTC). */
  day: z.string(),
  currency: z.enum(CURRENCIES),
  /** Sales made that day and not refunded in full. */
  sales: z.number().int(),
  /** What buyers paid that day less what went back of those sales. */
  revenueCents: z.number().int(),
  /** What went back of that day's sales, whenever it went back. */
  refundedCents: z.number().int(),
});
export type DailySales = z.infer<typeof DailySales>;

export const SalesTotal = z.object({
  currency: z.enum(CURRENCIES),
  sales: z.number().int(),
  revenueCents: z.number().int(),
  refundedCents: z.number().int(),
  revenue: z.string(),
});
export type SalesTotal = z.infer<typeof SalesTotal>;

/** GET /api/v1/admin/sales: best sellers, and the last 30 days per day and currency. */
export const AdminSalesResponse = z.object({
  sales: z.array(SalesRow),
  /** Every day of the window, oldest first, for each currency sold in it (zeros included). */
  daily: z.array(DailySales),
  /** Totals of the 30 days per currency (never added across currencies). */
  totals: z.array(SalesTotal),
  from: z.string(),
  to: z.string(),
});
export type AdminSalesResponse = z.infer<typeof AdminSalesResponse>;

// ---- audit ----

export const AuditQuery = PageQuery.extend({
  /** The actor's id or username. */
  actor: z.string().trim().max(64).optional(),
  subjectType: z.enum(SUBJECT_TYPES).optional(),
  subjectId: z.string().trim().max(64).optional(),
  /** An action (`user.warned`) or a prefix ending in a dot (`user.`). */
  action: z
    .string()
    .trim()
    .max(64)
    .regex(/^[a-z_]+(\.[a-z_]*)?$/, 'audit.invalidAction')
    .optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.string().nullable(),
  actor: z.string().nullable(),
  /** The action as stored; `event.type` is `unknown` when no event schema accepts the row. */
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string().nullable(),
  event: AuditEvent,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditPage = z.object({
  events: z.array(AuditEntry),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof AuditPage>;
