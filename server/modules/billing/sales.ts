import { sql, type SQL } from 'drizzle-orm';
import type { DomainEvent } from '../../../common/events';
import { purchaseRefusal, purchaseRefusalParams } from '../../../common/rules/purchase';
import type { Role } from '../../../common/rules/roles';
import type { Db } from '../../db/client';
import { recordEvent, type EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { countSaleSql, itemNotDeletedSql, type ItemRow } from '../items/index';
import { entitlements } from './entitlement-tables';
import { isViewableWith, type EntitlementRow } from '../access/index';
import { creditEarningsAfter, type EarningsCredit } from './ledger';

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
  now: Date,
): void {
  const owned = isViewableWith(buyer, item, creator.status, entitlementRows, now);
  const refusal = purchaseRefusal(item, creator, buyer.id, owned, now, via);
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
  /** The discount code it was priced with (issue 43), named on the receipt. */
  discount?: { code: string; cents: number } | null;
}

/**
 * Records one sale (issue 9), for card fulfilment and balance unlocks alike: the buyer's
 * entitlement, the creator's earnings net of the fee, the item's sales count and the
 * `sale.recorded` event, in the caller's transaction. False, with nothing written, when the
 * buyer already owns the item (two payments raced) or it was deleted: the caller refunds or
 * rolls back.
 */
export async function recordSale(tx: Db, sale: Sale, meta: EventMeta): Promise<boolean> {
  // The entitlement and the creator's credit in one statement; the credit only with a grant.
  const { first: granted, netCents } = await creditEarningsAfter(
    tx,
    grantSql(sale, meta, null),
    creditOf(sale, meta),
  );
  if (!granted) return false;
  await recordEvent(tx, { id: sale.buyerId }, saleEvent(sale, netCents ?? 0), meta, {
    audience: [sale.item.creatorId, sale.buyerId],
    // Every buyer of an item adds to its one counter row: the event's statement takes that lock
    // late, so concurrent buyers of the item wait on it for the fewest round trips.
    change: countSaleSql(tx, sale.item.id),
    prepared: true,
  });
  return true;
}

/**
 * The buyer's entitlement, written only while the item is not deleted (issue 10: no new
 * buyers), and with `gate` (the name of an earlier expression) only when that returned a row.
 */
export function grantSql(sale: Sale, meta: EventMeta, gate: SQL | null): SQL {
  const source = sale.via === 'card' ? 'purchase' : 'balance';
  return sql`insert into ${entitlements} (user_id, item_id, source, source_ref, created_at)
    select ${sale.buyerId}::uuid, ${sale.item.id}::bigint, ${source}::text, ${sale.ref}::text,
      ${meta.at.toISOString()}::timestamptz
    where ${itemNotDeletedSql(sale.item.id)}
      ${gate ? sql`and exists (select 1 from ${gate})` : sql``}
    on conflict do nothing
    returning id`;
}

export const creditOf = (sale: Sale, meta: EventMeta): EarningsCredit => ({
  creatorId: sale.item.creatorId,
  grossCents: sale.grossCents,
  currency: sale.currency,
  feePercent: sale.feePercent,
  kind: 'sale',
  buyerId: sale.buyerId,
  ref: `sale:${sale.ref}`,
  itemId: sale.item.id,
  checkoutSessionId: sale.checkoutSessionId ?? null,
  at: meta.at,
});

/** The discount a checkout row was priced with, when it names a code and its cents. */
export const discountOf = (row: {
  discountCode: string | null;
  discountCents: number | null;
}): Sale['discount'] =>
  row.discountCode && row.discountCents
    ? { code: row.discountCode, cents: row.discountCents }
    : null;

export const saleEvent = (sale: Sale, netCents: number): DomainEvent => ({
  type: 'sale.recorded',
  subjectId: String(sale.item.id),
  data: {
    itemId: sale.item.id,
    creatorId: sale.item.creatorId,
    buyerId: sale.buyerId,
    amountCents: sale.grossCents,
    currency: sale.currency,
    netCents,
    via: sale.via,
    ...(sale.discount
      ? { discountCode: sale.discount.code, discountCents: sale.discount.cents }
      : {}),
  },
});
