import { and, desc, eq, lt } from 'drizzle-orm';
import { avatarOf } from '../../../common/rules/display-name';
import { formatMoney } from '../../../common/rules/money';
import {
  WALLET_CURRENCY,
  type WalletQuery,
  type WalletResponse,
  type WalletUnlockResponse,
} from '../../../common/schemas/billing';
import { authorize } from '../../auth/authorize';
import type { Viewer } from '../../auth/guard';
import type { Clock } from '../../context';
import type { Config } from '../../config';
import type { Database, Db } from '../../db/client';
import { items, users } from '../../db/schema/index';
import type { EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import type { MediaUrls } from '../media/index';
import { debitWallet, earlierSpend, earlierSpendSql, lockWalletBalance } from './ledger';
import { viewerEntitlementsSql } from './entitlements';
import { presentPurchasedProduct } from './presenter';
import { assertPurchasable, recordSale } from './sales';
import { ledgerEntries, wallets } from './tables';

export interface WalletDeps {
  db: Database;
  config: Pick<Config, 'PLATFORM_FEE_PERCENT'>;
  clock: Clock;
  media: MediaUrls;
}

const money = (cents: number) => formatMoney(cents, WALLET_CURRENCY);

/** GET /api/v1/wallet: the balance (sum of the wallet entries, cached on the wallet row) and history. */
export async function walletOf(
  deps: WalletDeps,
  viewer: Viewer,
  query: WalletQuery,
): Promise<WalletResponse> {
  const [wallet] = await deps.db
    .select({ balanceCents: wallets.balanceCents })
    .from(wallets)
    .where(eq(wallets.userId, viewer.id));
  const rows = await deps.db
    .select({
      id: ledgerEntries.id,
      kind: ledgerEntries.kind,
      amountCents: ledgerEntries.amountCents,
      currency: ledgerEntries.currency,
      itemId: ledgerEntries.itemId,
      itemTitle: items.title,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .leftJoin(items, eq(items.id, ledgerEntries.itemId))
    .where(
      and(
        eq(ledgerEntries.account, 'wallet'),
        eq(ledgerEntries.userId, viewer.id),
        query.before ? lt(ledgerEntries.id, query.before) : undefined,
      ),
    )
    .orderBy(desc(ledgerEntries.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    balanceCents: wallet?.balanceCents ?? 0,
    currency: WALLET_CURRENCY,
    entries: page.map((r) => ({
      id: r.id,
      kind: r.kind,
      amountCents: r.amountCents,
      currency: r.currency,
      itemId: r.itemId,
      itemTitle: r.itemTitle,
      createdAt: r.createdAt.toISOString(),
    })),
    nextBefore: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/**
 * POST /api/v1/wallet/unlock ("pay with balance", SPEC §4 made real): in one transaction the
 * wallet row is locked, the purchase rule checked, the spend booked and the sale recorded. The
 * idempotency key names the spend, so a repeated request charges nothing again.
 */
export async function unlockWithBalance(
  deps: WalletDeps,
  viewer: Viewer,
  itemId: number,
  idempotencyKey: string,
  meta: EventMeta,
): Promise<WalletUnlockResponse> {
  authorize(viewer, 'item.buy');
  const now = meta.at;
  const spendRef = `spend:${viewer.id}:${idempotencyKey}`;
  const result = await deps.db.transaction(async (tx) => {
    const balance = await lockWalletBalance(tx, viewer.id);
    const found = await itemWithCreator(tx, itemId, viewer.id, now, spendRef);
    // No such item: a repeated key may still name an earlier spend (of another item).
    const earlier = found ? found.earlier : await earlierSpend(tx, spendRef);
    if (earlier && earlier.itemId !== itemId) throw fail('idempotency_key_reused');
    if (!found) throw fail('item_not_found');
    if (earlier) {
      const charge = { chargedCents: -earlier.amountCents, balanceCents: balance };
      return { ...charge, replayed: true, bought: found };
    }
    const { item, creator, entitlementRows } = found;
    assertPurchasable(viewer, item, creator, entitlementRows, 'balance');
    if (balance < item.priceCents) {
      throw fail(
        'insufficient_balance',
        { price: money(item.priceCents), balance: money(balance) },
        { balanceCents: balance, priceCents: item.priceCents },
      );
    }
    const balanceCents = await debitWallet(tx, {
      userId: viewer.id,
      amountCents: item.priceCents,
      ref: spendRef,
      itemId: item.id,
      at: now,
    });
    const sold = await recordSale(
      tx,
      {
        buyerId: viewer.id,
        item,
        grossCents: item.priceCents,
        currency: item.currency,
        feePercent: deps.config.PLATFORM_FEE_PERCENT,
        via: 'balance',
        ref: `balance:${viewer.id}:${idempotencyKey}`,
      },
      meta,
    );
    // A card payment of the same item committed meanwhile: throwing rolls the spend back.
    if (!sold) throw fail('already_owned');
    return { chargedCents: item.priceCents, balanceCents, replayed: false, bought: found };
  });

  // The answer shows the item as read under the wallet lock.
  const {
    bought: { item, creator },
    ...charge
  } = result;
  const summary = { ...creator, image: avatarOf(creator) };
  return {
    itemId,
    ...charge,
    product: presentPurchasedProduct(item, summary, true, deps.media),
  };
}

/**
 * The item, the creator columns a purchase checks and its answer shows, the buyer's entitlement
 * rows that may cover the item and the spend already booked under `spendRef`, in one statement.
 */
async function itemWithCreator(
  db: Db,
  itemId: number,
  buyerId: string,
  now: Date,
  spendRef: string,
) {
  const [found] = await db
    .select({
      item: items,
      creator: {
        status: users.status,
        username: users.username,
        displayName: users.displayName,
        profileImage: users.profileImage,
        avatarUrl: users.avatarUrl,
      },
      entitlementRows: viewerEntitlementsSql(buyerId, items.id, items.creatorId, now),
      earlier: earlierSpendSql(spendRef),
    })
    .from(items)
    .innerJoin(users, eq(users.id, items.creatorId))
    .where(eq(items.id, itemId));
  return found ?? null;
}
