import type { Role } from '../../../common/rules/roles';

/** Who may see any checkout or membership (support work); moderators moderate content, not money. */
const BILLING_ADMIN_ROLES: readonly Role[] = ['admin', 'superadmin'];

export const isBillingAdmin = (viewer: { role: Role }) => BILLING_ADMIN_ROLES.includes(viewer.role);

/** A checkout session is read by its buyer or an admin (issue 5). */
export const mayReadCheckout = (viewer: { id: string; role: Role }, buyerId: string) =>
  viewer.id === buyerId || isBillingAdmin(viewer);

/** A membership is cancelled by the fan who holds it, or by an admin. */
export const mayCancelSubscription = (viewer: { id: string; role: Role }, fanId: string) =>
  viewer.id === fanId || isBillingAdmin(viewer);
