import { lockTier } from '../../../common/rules/early-access';
import { can } from '../../../common/rules/permissions';
import { isListed } from '../../../common/rules/purchase';
import type { Role } from '../../../common/rules/roles';
import { tierCovers, type Tier } from '../../../common/rules/tiers';
import type { ItemState } from '../../../common/schemas/items';
import type { UserStatus } from '../../../common/schemas/users';
import type { Db } from '../../db/client';
import { activeEntitlementRows } from './entitlements.read-model';

/*
 * Item visibility: may this actor see, buy or open the media of these items. Items, media, users,
 * feed and billing all ask it, so it stands in access, below them. The rows it decides on are
 * read from billing's entitlements table in entitlements.read-model.ts (billing alone writes it).
 */

export interface EntitlementSubject {
  id: number;
  creatorId: string;
  priceCents: number;
  tierRequired: Tier;
  /** Members-first until then (issue 42, common/rules/early-access.ts). */
  earlyAccessUntil: Date | null;
  status: ItemState;
  /** Hidden by a moderator (issue 14). */
  hidden: boolean;
  /** Its creator's account status: a suspended or deleted creator's items are not listed. */
  creatorStatus: UserStatus;
}

/** An item without its creator's status, which the caller read beside it. */
export type ItemSubject = Omit<EntitlementSubject, 'creatorStatus'>;

/**
 * Open to everyone, signed in or not: a free item (no price, no tier, or a tier whose early
 * access is over at `now`, issue 42) while it is listed. An unpublished, hidden or deleted free
 * item, or one of a suspended creator, is its creator's and staff's only, and so are its media.
 */
export const isOpenToAll = (item: ItemSubject, creatorStatus: UserStatus, now: Date) =>
  item.priceCents === 0 &&
  lockTier(item, now) === 'Aura' &&
  isListed(item, { status: creatorStatus });

/**
 * Open to everyone at any time while it is listed: free and never members-first. Its media may
 * have plain, cacheable URLs; an item that opens at a later time gets signed ones.
 */
export const isOpenToAllAlways = (item: ItemSubject, creatorStatus: UserStatus) =>
  item.priceCents === 0 &&
  item.tierRequired === 'Aura' &&
  isListed(item, { status: creatorStatus });

/** One active entitlement row of the viewer: a purchase (itemId) or a membership (tier). */
export interface EntitlementRow {
  itemId: number | null;
  creatorId: string | null;
  tier: Tier | null;
}

/**
 * Whether a membership of a covering tier opens the item: not a deleted one (withdrawn from
 * memberships) and not a scheduled one (issue 42: nobody but its owner and staff sees it before
 * its time, members included).
 */
const opensToMembers = (item: ItemSubject) =>
  item.status !== 'deleted' && item.status !== 'scheduled';

/**
 * Whether the viewer's active entitlement rows cover a paid item: a purchase, or a tier. Members
 * of its tier keep an early-access item after its early access (issue 42).
 */
function entitledBy(item: ItemSubject, rows: readonly EntitlementRow[]): boolean {
  if (rows.some((r) => r.itemId === item.id)) return true;
  return (
    opensToMembers(item) &&
    item.tierRequired !== 'Aura' &&
    rows.some(
      (r) => r.creatorId === item.creatorId && r.tier && tierCovers(r.tier, item.tierRequired),
    )
  );
}

/**
 * `viewableItemIds` for one item whose entitlement rows were read inside a larger statement
 * (`viewerEntitlementsSql`): the same rule, no round trip of its own.
 */
export function isViewableWith(
  viewer: { id: string; role: Role } | null,
  item: ItemSubject,
  creatorStatus: UserStatus,
  rows: readonly EntitlementRow[] | null,
  now: Date,
): boolean {
  if (isOpenToAll(item, creatorStatus, now)) return true;
  if (can(viewer, 'item.viewLocked', { ownerId: item.creatorId })) return true;
  return viewer !== null && entitledBy(item, rows ?? []);
}

/**
 * The one answer to "may this viewer see this item and its media?" (issue 5): a free item while
 * it is listed, the owner, staff, a buyer, or a member whose current tier of that creator covers
 * the item's tier. What people paid for they keep whatever becomes of the item or its creator:
 * unpublished, hidden by a moderator, or its creator suspended (docs/payments.md). A deleted
 * item (issue 10) stays its owner's, staff's and its buyers' only: the creator withdrew it from
 * memberships and from the free catalogue, but a purchase is kept. A scheduled item (issue 42)
 * is the same until its time: a purchase from before it was rescheduled is kept, a membership
 * does not open it yet. An early-access item (issue 42) opens to members of its tier until its
 * `earlyAccessUntil`, and from then on also to everyone if it is free (`isOpenToAll`).
 * Answers for many items in one query so a feed page costs the same as one item.
 */
export async function viewableItemIds(
  db: Db,
  viewer: { id: string; role: Role } | null,
  subjects: readonly EntitlementSubject[],
  now: Date,
): Promise<Set<number>> {
  const viewable = new Set<number>();
  const pending: EntitlementSubject[] = [];
  for (const item of subjects) {
    if (isOpenToAll(item, item.creatorStatus, now)) viewable.add(item.id);
    else if (can(viewer, 'item.viewLocked', { ownerId: item.creatorId })) viewable.add(item.id);
    else pending.push(item);
  }
  if (!viewer || pending.length === 0) return viewable;

  const rows = await activeEntitlementRows(
    db,
    viewer.id,
    pending.map((i) => i.id),
    [...new Set(pending.map((i) => i.creatorId))],
    now,
  );
  for (const item of pending) if (entitledBy(item, rows)) viewable.add(item.id);
  return viewable;
}

export async function canViewItem(
  db: Db,
  viewer: { id: string; role: Role } | null,
  item: EntitlementSubject,
  now: Date,
): Promise<boolean> {
  return (await viewableItemIds(db, viewer, [item], now)).has(item.id);
}
