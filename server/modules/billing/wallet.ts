import { eq } from 'drizzle-orm';
import { avatarOf } from '../../../common/rules/display-name';
import { moneyParams } from '../../../common/rules/money';
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
import { refusalOf } from '../../db/refusal';
import type { EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import type { MediaUrls } from '../media/index';
import { earlierSpend } from './ledger';
import { presentPurchasedProduct } from './presenter';
import { sellForBalance, type BalanceSaleRefusal } from './sale-statements';
import { assertPurchasable } from './sales';
import { wallets } from './tables';
import { purchaseStatement, walletHistory } from './wallet.read-model';

export interface WalletDeps {
  db: Database;
  config: Pick<Config, 'PLATFORM_FEE_PERCENT'>;
  clock: Clock;
  media: MediaUrls;
}

/** GET /api/v1/wallet: the balance (sum of the wallet entries, cached on the wallet row) and history. */
export async function walletOf(
  deps: WalletDeps,
  viewer: Viewer,
  query: WalletQuery,
): Promise<WalletResponse> {
  const balanceCents = await balanceOf(deps.db, viewer.id);
  const rows = await walletHistory(deps.db, viewer.id, query.before, query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    balanceCents: balanceCents ?? 0,
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
 * POST /api/v1/wallet/unlock ("pay with balance", SPEC §4 made real). One read gives the item,
 * its creator, the buyer's entitlements, the balance and a spend already booked under the
 * idempotency key: a repeated request is answered from it, taking no lock. A purchase is then one
 * statement (sellForBalance): the spend and the debit, which re-checks the balance under the
 * wallet's row lock and meets a concurrent request with the same key on the spend's unique ref,
 * then the sale.
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
  const refs = {
    spend: `spend:${viewer.id}:${idempotencyKey}`,
    sale: `balance:${viewer.id}:${idempotencyKey}`,
  };
  const read = () => purchaseState(deps.db, itemId, viewer.id, now, refs.spend);
  const state = await read();
  const bought = state.earlier ? null : await buy(deps, viewer, state, refs, meta);
  // A request with the same key committed between the read and the debit: answer as it did.
  const answer = bought ?? replayOf(state.earlier ? state : await read());
  const { item, creator } = answer.found;
  const summary = { ...creator, image: avatarOf(creator) };
  return {
    itemId,
    chargedCents: answer.chargedCents,
    balanceCents: answer.balanceCents,
    replayed: answer.replayed,
    product: presentPurchasedProduct(item, summary, true, deps.media),
  };
}

type PurchaseState = Awaited<ReturnType<typeof purchaseState>>;
type Found = NonNullable<PurchaseState['found']>;
interface Answer {
  found: Found;
  chargedCents: number;
  balanceCents: number;
  replayed: boolean;
}

/** The answer to a request whose key names a spend already booked, or its refusal. */
function replayOf({ found, earlier, balanceCents }: PurchaseState): Answer {
  if (earlier && earlier.itemId !== found?.item.id) throw fail('idempotency_key_reused');
  if (!found) throw fail('item_not_found');
  if (!earlier) throw new Error('replayOf called without an earlier spend');
  return { found, chargedCents: -earlier.amountCents, balanceCents, replayed: true };
}

/** The purchase in one statement; null when a request with the same key booked it meanwhile. */
async function buy(
  deps: WalletDeps,
  viewer: Viewer,
  { found, balanceCents }: PurchaseState,
  refs: { spend: string; sale: string },
  meta: EventMeta,
): Promise<Answer | null> {
  if (!found) throw fail('item_not_found');
  const { item, creator, entitlementRows } = found;
  assertPurchasable(viewer, item, creator, entitlementRows, 'balance', meta.at);
  const short = (balance: number) =>
    fail(
      'insufficient_balance',
      moneyParams({ price: item.priceCents, balance }, WALLET_CURRENCY),
      { balanceCents: balance, priceCents: item.priceCents },
    );
  if (balanceCents < item.priceCents) throw short(balanceCents);
  const sale = {
    buyerId: viewer.id,
    item,
    grossCents: item.priceCents,
    currency: item.currency,
    feePercent: deps.config.PLATFORM_FEE_PERCENT,
    via: 'balance' as const,
    ref: refs.sale,
  };
  const spend = {
    userId: viewer.id,
    amountCents: item.priceCents,
    ref: refs.spend,
    itemId: item.id,
    at: meta.at,
  };
  try {
    const balance = await sellForBalance(deps.db, sale, spend, meta);
    return { found, chargedCents: item.priceCents, balanceCents: balance, replayed: false };
  } catch (error) {
    switch (refusalOf(error) as BalanceSaleRefusal | null) {
      // A request with the same key booked the spend meanwhile: the caller answers as it did.
      case 'replayed':
        return null;
      // Another spend of this wallet committed first: refuse with the balance it left.
      case 'short':
        throw short((await balanceOf(deps.db, viewer.id)) ?? 0);
      // A card payment of the same item committed meanwhile, or, rarer, it was deleted.
      case 'unsold':
        throw fail('already_owned');
      default:
        throw error;
    }
  }
}

/** The fan's balance, or null when they have no wallet yet. */
async function balanceOf(db: Db, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ balanceCents: wallets.balanceCents })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  return row?.balanceCents ?? null;
}

/**
 * purchaseStatement's answer; with no such item, the spend and balance looked up on their own
 * (a repeated key may name a spend of another item).
 */
async function purchaseState(
  db: Database,
  itemId: number,
  buyerId: string,
  now: Date,
  spendRef: string,
) {
  const [found] = await purchaseStatement(db, 'balance').execute({
    id: itemId,
    buyer: buyerId,
    now: now.toISOString(),
    spendRef,
  });
  if (!found) {
    const [earlier, balanceCents] = await Promise.all([
      earlierSpend(db, spendRef),
      balanceOf(db, buyerId),
    ]);
    return { found: null, earlier, balanceCents: balanceCents ?? 0 };
  }
  const { earlier, balanceCents, ...rest } = found;
  return { found: rest, earlier, balanceCents: balanceCents ?? 0 };
}
