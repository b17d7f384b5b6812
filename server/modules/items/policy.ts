import { can, presentAbilities } from '../../../common/rules/permissions';
import { purchaseRefusal, type PurchaseSubject } from '../../../common/rules/purchase';
import type { Role } from '../../../common/rules/roles';
import type { ItemState } from '../../../common/schemas/items';
import type { UserStatus } from '../../../common/schemas/users';

type Actor = { id: string; role: Role };

export { isListed } from '../../../common/rules/purchase';
import { isListed } from '../../../common/rules/purchase';

/** An unlisted item is seen by its creator and by staff who moderate content. */
export const maySeeUnlisted = (viewer: Actor | null, creatorId: string) =>
  can(viewer, 'item.viewUnlisted', { ownerId: creatorId });

export const isOwner = (viewer: Actor | null, creatorId: string) => viewer?.id === creatorId;

/** The creator's own visits do not count as views of their item. */
export const countsAsVisit = (viewer: Actor | null, creatorId: string) =>
  !isOwner(viewer, creatorId);

/** Owner-only item management (issue 10): the `item.edit` permission on the item's creator. */
export const mayManage = (viewer: Actor | null, creatorId: string) =>
  can(viewer, 'item.edit', { ownerId: creatorId });

/** A deleted item is kept for its buyers only: nothing about it changes any more. */
export const isDeleted = (item: { status: ItemState }) => item.status === 'deleted';

/**
 * What one viewer may do with one item, as the web shows it: edit (its owner, until deleted) and
 * buy once (the purchase rule; `isEntitled` is the entitlement answer for this viewer). A visitor
 * is offered the purchase: the unlock button asks them to sign in first.
 */
export function abilitiesOf(
  viewer: Actor | null,
  found: { item: PurchaseSubject; creator: { status: UserStatus } },
  isEntitled: boolean,
  now: Date,
): { canEdit: boolean; canBuy: boolean } {
  const refusal = purchaseRefusal(found.item, found.creator, viewer?.id ?? null, isEntitled, now);
  return presentAbilities(viewer, {
    canEdit: {
      permission: 'item.edit',
      resource: { ownerId: found.item.creatorId },
      when: !isDeleted(found.item),
    },
    canBuy: { permission: 'item.buy', when: refusal === null, offerToGuests: true },
  });
}

/**
 * What the owner may do with one of their items on "My items" in its current state: a deleted
 * item is kept for its buyers and changes no more; publishing and withdrawing flip its status.
 */
export function managedItemAbilities(
  viewer: Actor,
  item: { creatorId: string; status: ItemState },
): { canEdit: boolean; canPublish: boolean; canUnpublish: boolean; canDelete: boolean } {
  const resource = { ownerId: item.creatorId };
  return presentAbilities(viewer, {
    canEdit: { permission: 'item.edit', resource, when: !isDeleted(item) },
    // A scheduled item can be published now, or unpublished (its schedule cancelled).
    canPublish: {
      permission: 'item.edit',
      resource,
      when: item.status === 'unavailable' || item.status === 'scheduled',
    },
    canUnpublish: {
      permission: 'item.edit',
      resource,
      when: item.status === 'available' || item.status === 'scheduled',
    },
    canDelete: { permission: 'item.edit', resource, when: !isDeleted(item) },
  });
}

/**
 * Who opens an item's page: anyone while it is listed; its creator and staff always; and whoever
 * may see its content (`isViewable`, billing's entitlement answer): a buyer or a running member
 * keeps what they paid for when the item is unpublished, hidden or deleted, or its creator is
 * suspended. Everyone else is told it does not exist.
 */
export function mayOpenItemPage(
  viewer: Actor | null,
  view: {
    item: PurchaseSubject;
    creator: { status: UserStatus };
    isViewable: boolean;
  },
): boolean {
  return (
    isListed(view.item, view.creator) ||
    maySeeUnlisted(viewer, view.item.creatorId) ||
    view.isViewable
  );
}
