import { z } from 'zod';
import { ADMIN_STATUSES } from '../rules/hub';
import { CURRENCIES } from '../rules/money';
import { ROLES } from '../rules/roles';

/*
 * Control Hub (issue 15, SPEC §2 /masteraxis): the dashboard, creator mapping and role tools.
 * Payout routing has its own file (payouts.ts). Every figure is read from the database; money
 * is kept per currency and never added across currencies.
 */

/** Cents of one currency. */
export const CurrencyAmount = z.object({
  currency: z.enum(CURRENCIES),
  cents: z.number().int(),
});
export type CurrencyAmount = z.infer<typeof CurrencyAmount>;

export const AdminStatus = z.enum(ADMIN_STATUSES);
export type AdminStatus = z.infer<typeof AdminStatus>;

/** SPEC §3 admin aura row: name, owner, status, earnings (net credited to the creator). */
export const HubAuraRow = z.object({
  id: z.number().int(),
  name: z.string(),
  owner: z.string(),
  ownerId: z.string(),
  status: AdminStatus,
  /** Net of the platform fee, in the item's currency. */
  earnings: CurrencyAmount,
  sales: z.number().int(),
});
export type HubAuraRow = z.infer<typeof HubAuraRow>;

/** One day of the weekly revenue chart: gross revenue per currency (none when nothing sold). */
export const HubRevenueDay = z.object({
  /** The calendar date in the hub's time zone, YYYY-MM-DD. */
  date: z.string(),
  revenue: z.array(CurrencyAmount),
});
export type HubRevenueDay = z.infer<typeof HubRevenueDay>;

/** GET /api/v1/hub/dashboard */
export const HubDashboardResponse = z.object({
  kpis: z.object({
    /** Listed items: available, by an active creator. */
    totalAuras: z.number().int(),
    /** Creators in status active (docs/features.md "Control Hub"). */
    activeCreators: z.number().int(),
    /** Gross revenue of today (hub time zone), per currency. */
    revenueToday: z.array(CurrencyAmount),
    /**
     * Monthly recurring revenue of the memberships that will renew (issue 43), per currency: a
     * yearly plan counts a twelfth of its price (common/rules/plans.ts).
     */
    membershipMrr: z.array(CurrencyAmount),
    /** Running paid memberships billed by the month and by the year. */
    memberships: z.object({ monthly: z.number().int(), yearly: z.number().int() }),
  }),
  week: z.object({
    timeZone: z.string(),
    /** Currencies with revenue this week: one chart series each. */
    currencies: z.array(z.enum(CURRENCIES)),
    /** Monday to Sunday of the current week. */
    days: z.array(HubRevenueDay).length(7),
    /** 0 (Monday) to 6 (Sunday). */
    todayIndex: z.number().int().min(0).max(6),
  }),
  /** The best-selling auras (by sales, then newest), at most 50. */
  auras: z.array(HubAuraRow),
});
export type HubDashboardResponse = z.infer<typeof HubDashboardResponse>;

const SearchText = z.string().trim().max(100).optional();
const Cursor = z.string().max(200).optional();
const PageLimit = z.coerce.number().int().min(1).max(100).default(50);

/** GET /api/v1/hub/creators?q=&status=&cursor= */
export const HubCreatorsQuery = z.object({
  q: SearchText,
  status: z.enum(['all', ...ADMIN_STATUSES]).default('all'),
  cursor: Cursor,
  limit: PageLimit,
});
export type HubCreatorsQuery = z.infer<typeof HubCreatorsQuery>;

/** SPEC §3 admin creator row. */
export const HubCreatorRow = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  status: AdminStatus,
  /** Followers with an active account. */
  followers: z.number().int(),
  /** Likes and comments of the last 30 days per listed item, one decimal (docs/features.md). */
  engagement: z.number(),
});
export type HubCreatorRow = z.infer<typeof HubCreatorRow>;

export const HubCreatorsPage = z.object({
  creators: z.array(HubCreatorRow),
  /** Pass as `cursor` for the next page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type HubCreatorsPage = z.infer<typeof HubCreatorsPage>;

/** GET /api/v1/hub/users?role=&q=&cursor= */
export const HubUsersQuery = z.object({
  role: z.enum(['all', ...ROLES]).default('all'),
  q: SearchText,
  cursor: Cursor,
  limit: PageLimit,
});
export type HubUsersQuery = z.infer<typeof HubUsersQuery>;

/** SPEC §3 role-tool user, with what the viewer may change on the row. */
export const HubUserRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  active: z.boolean(),
  /** Roles the viewer may give this user now (the current one included). */
  assignableRoles: z.array(z.enum(ROLES)),
  abilities: z.object({
    canChangeRole: z.boolean(),
    /** Switch the on/off toggle (deactivate or reactivate). */
    canChangeActive: z.boolean(),
  }),
});
export type HubUserRow = z.infer<typeof HubUserRow>;

export const HubUsersPage = z.object({
  users: z.array(HubUserRow),
  nextCursor: z.string().nullable(),
});
export type HubUsersPage = z.infer<typeof HubUsersPage>;

/** PATCH /api/v1/hub/users/{id} */
export const HubUserUpdateRequest = z
  .object({
    role: z.enum(ROLES).optional(),
    active: z.boolean().optional(),
  })
  .strict()
  .refine((body) => body.role !== undefined || body.active !== undefined, {
    message: 'Send role, active or both',
  });
export type HubUserUpdateRequest = z.infer<typeof HubUserUpdateRequest>;

export const HubUserUpdateResponse = z.object({
  user: HubUserRow,
  /** A demotion or deactivation ended the user's sessions at once. */
  endedSessions: z.boolean(),
});
export type HubUserUpdateResponse = z.infer<typeof HubUserUpdateResponse>;

/** A refusal of the role tools' rails: 403 or 409 with a clear text and a code. */
export const HubRefusal = z.object({
  error: z.string(),
  code: z.string().optional(),
});
export type HubRefusal = z.infer<typeof HubRefusal>;
