import { sql } from 'drizzle-orm';
import { purchaseRefusal, purchaseRefusalParams } from '../../../common/rules/purchase';
import type { Role } from '../../../common/rules/roles';
import type { Db } from '../../db/client';
import { items } from '../../db/schema/index';
import { recordEvent, type EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { countSaleSql, type ItemRow } from '../items/index';
import { entitlements } from './entitlement-tables';
import { isViewableWith, type EntitlementRow } from './entitlements';
import { creditEarningsAfter } from './ledger';

type Buyer = { id: string; role: Role };

/**
 * Refuses (4xx) unless `buyer` may buy `item` now (common/rules/purchase.ts): the same check for
 * a card checkout and a balance unlock, with the creator's current status. `entitlementRows` are
 * the buyer's rows that may cover the item, read with it (`viewerEntitlementsSql`).
 */
export function assertPurchasable(
  buyer: Buyer,
  item: ItemRow,
  creator: { status: 'active' | 'suspended' | 'deleted' },
  entitlementRows: readonly EntitlementRow[] | null,
  via: 'card' | 'balance',
): void {
  const owned = isViewableWith(buyer, item, entitlementRows);
  const refusal = purchaseRefusal(item, creator, buyer.id, owned, via);
  if (refusal) {
    throw fail(refusal.code, purchaseRefusalParams(refusal, item.currency));
  }
}

export interface Sale {
  buyerId: string;
  item: Pick<ItemRow, 'id' | 'creatorId'>;
  grossCents: number;
  currency: ItemRow['currency'];
  feePercent: number;
  via: 'card' | 'balance';
  /** Names the payment (checkout session or balance spend): the entitlement and sale refs. */
  ref: string;
  checkoutSessionId?: string | null;
}

/**
 * Records one sale (issue 9), for card fulfilment and balance unlocks alike: the buyer's
 * entitlement, the creator's earnings net of the fee, the item's sales count and the
 * `sale.recorded` event, in the caller's transaction. False, with nothing written, when the
 * buyer already owns the item (two payments raced) or it was deleted: the caller refunds or
 * rolls back.
 */
export async function recordSale(tx: Db, sale: Sale, meta: EventMeta): Promise<boolean> {
  // The entitlement and the creator's credit in one statement; the credit only with a grant,
  // and the grant only while the item is not deleted (issue 10: no new buyers).
  const source = sale.via === 'card' ? 'purchase' : 'balance';
  const grant = sql`insert into ${entitlements} (user_id, item_id, source, source_ref, created_at)
    select ${sale.buyerId}::uuid, ${sale.item.id}::bigint, ${source}::text, ${sale.ref}::text,
      ${meta.at.toISOString()}::timestamptz
    where exists (select 1 from ${items} listed
      where listed.id = ${sale.item.id}::bigint and listed.status <> 'deleted')
    on conflict do nothing
    returning id`;
  const { first: granted, netCents } = await creditEarningsAfter(tx, grant, {
    creatorId: sale.item.creatorId,
    grossCents: sale.grossCents,
    currency: sale.currency,
    feePercent: sale.feePercent,
    kind: 'sale',
    ref: `sale:${sale.ref}`,
    itemId: sale.item.id,
    checkoutSessionId: sale.checkoutSessionId ?? null,
    at: meta.at,
  });
  if (!granted) return false;
  await recordEvent(
    tx,
    { id: sale.buyerId },
    {
      type: 'sale.recorded',
      subjectId: String(sale.item.id),
      data: {
        itemId: sale.item.id,
        creatorId: sale.item.creatorId,
        buyerId: sale.buyerId,
        amountCents: sale.grossCents,
        currency: sale.currency,
        netCents: netCents ?? 0,
        via: sale.via,
      },
    },
    meta,
    // Every buyer of an item adds to its one counter row: the event's statement takes that lock
    // late, so concurrent buyers of the item wait on it for the fewest round trips.
    { audience: [sale.item.creatorId, sale.buyerId], change: countSaleSql(tx, sale.item.id) },
  );
  return true;
}
