import { and, desc, eq, lt, sql } from 'drizzle-orm';
import {
  WALLET_CURRENCY,
  type WalletQuery,
  type WalletResponse,
  type WalletUnlockResponse,
} from '../../../common/schemas/billing';
import type { Viewer } from '../../auth/guard';
import type { Clock } from '../../context';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { auditEvents, entitlements, items, ledgerEntries, wallets } from '../../db/schema/index';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { canViewItem } from '../billing/entitlements';
import { creditEarnings, debitWallet, lockWalletBalance } from '../billing/ledger';
import { presentPurchasedProduct } from '../billing/presenter';
import { creatorSummaries } from '../billing/stats';
import type { MediaUrls } from '../media/signed-urls';

export interface WalletDeps {
  db: Database;
  config: Pick<Config, 'PLATFORM_FEE_PERCENT'>;
  clock: Clock;
  media: MediaUrls;
}

const euros = (cents: number) => `${(cents / 100).toFixed(2)} ${WALLET_CURRENCY.toUpperCase()}`;

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
 * wallet row is locked, the balance checked, the spend booked, the item granted and the creator
 * credited. The idempotency key names the spend, so a repeated request charges nothing again.
 */
export async function unlockWithBalance(
  deps: WalletDeps,
  viewer: Viewer,
  itemId: number,
  idempotencyKey: string,
): Promise<WalletUnlockResponse> {
  const now = deps.clock.now();
  const spendRef = `spend:${viewer.id}:${idempotencyKey}`;
  const result = await deps.db.transaction(async (tx) => {
    const balance = await lockWalletBalance(tx, viewer.id);
    const [earlier] = await tx
      .select({ itemId: ledgerEntries.itemId, amountCents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.ref, spendRef));
    if (earlier) {
      if (earlier.itemId !== itemId) {
        throw conflict('This Idempotency-Key was already used for another item');
      }
      return { chargedCents: -earlier.amountCents, balanceCents: balance, replayed: true };
    }
    const [item] = await tx.select().from(items).where(eq(items.id, itemId));
    if (!item || item.status !== 'available') throw notFound('Item not found');
    if (item.creatorId === viewer.id) throw badRequest('You cannot buy your own item');
    if (item.priceCents === 0) {
      throw badRequest(
        item.tierRequired === 'Aura'
          ? 'This item is free'
          : `This item is included in the ${item.tierRequired} membership: subscribe to unlock it`,
      );
    }
    if (item.currency !== WALLET_CURRENCY) {
      throw badRequest(`This item is priced in ${item.currency.toUpperCase()}: pay by card`);
    }
    if (await canViewItem(tx, viewer, item, now)) {
      throw conflict('You already have access to this item');
    }
    if (balance < item.priceCents) {
      throw new HttpError(
        402,
        `Not enough balance: this item costs ${euros(item.priceCents)} and your balance is ${euros(balance)}`,
        { code: 'insufficient_balance', balanceCents: balance, priceCents: item.priceCents },
      );
    }
    const balanceCents = await debitWallet(tx, {
      userId: viewer.id,
      amountCents: item.priceCents,
      ref: spendRef,
      itemId: item.id,
      at: now,
    });
    const granted = await tx
      .insert(entitlements)
      .values({
        userId: viewer.id,
        itemId: item.id,
        source: 'balance',
        sourceRef: `balance:${viewer.id}:${idempotencyKey}`,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: entitlements.id });
    // A card payment of the same item committed meanwhile: throwing rolls the spend back.
    if (granted.length === 0) throw conflict('You already have access to this item');
    await creditEarnings(tx, {
      creatorId: item.creatorId,
      grossCents: item.priceCents,
      currency: item.currency,
      feePercent: deps.config.PLATFORM_FEE_PERCENT,
      kind: 'sale',
      ref: `sale:balance:${viewer.id}:${idempotencyKey}`,
      itemId: item.id,
      at: now,
    });
    await tx
      .update(items)
      .set({ salesCount: sql`${items.salesCount} + 1` })
      .where(eq(items.id, item.id));
    await tx.insert(auditEvents).values({
      action: 'wallet.unlock',
      actorId: viewer.id,
      subject: `item:${item.id}`,
      data: { priceCents: item.priceCents },
      createdAt: now,
    });
    return { chargedCents: item.priceCents, balanceCents, replayed: false };
  });

  const [item] = await deps.db.select().from(items).where(eq(items.id, itemId));
  if (!item) throw notFound('Item not found');
  const creators = await creatorSummaries(deps.db, [item.creatorId]);
  const creator = creators.get(item.creatorId) ?? {
    username: 'unknown',
    displayName: null,
    image: null,
  };
  return {
    itemId,
    ...result,
    product: presentPurchasedProduct(item, creator, true, deps.media),
  };
}
