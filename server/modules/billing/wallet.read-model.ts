import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { preparedPerShape } from '../../db/prepared';
import { items, users } from '../../db/schema/index';
import { viewerEntitlementsSql } from '../access/index';
import { earlierSpendSql, walletBalanceSql } from './ledger';
import { ledgerEntries } from './tables';

/*
 * Read model of the wallet: its history with the titles of the items bought, and what a balance
 * purchase decides on (the item, its creator, the buyer's entitlements and balance) in one
 * statement.
 */

/** The fan's wallet entries newest first, before the entry `before` (when given), `limit` of them. */
export async function walletHistory(
  db: Db,
  userId: string,
  before: number | undefined,
  limit: number,
) {
  return db
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
        eq(ledgerEntries.userId, userId),
        before ? lt(ledgerEntries.id, before) : undefined,
      ),
    )
    .orderBy(desc(ledgerEntries.id))
    .limit(limit);
}

/**
 * What a balance purchase decides on, in one prepared statement: the item, the creator columns a
 * purchase checks and its answer shows, the buyer's entitlement rows that may cover the item,
 * their balance and the spend already booked under `spendRef`.
 */
export const purchaseStatement = preparedPerShape((db: Database, _shape: 'balance') =>
  db
    .select({
      item: items,
      creator: {
        status: users.status,
        username: users.username,
        displayName: users.displayName,
        profileImage: users.profileImage,
        avatarUrl: users.avatarUrl,
      },
      entitlementRows: viewerEntitlementsSql(
        sql.placeholder('buyer'),
        items.id,
        items.creatorId,
        sql.placeholder('now'),
      ),
      earlier: earlierSpendSql(sql.placeholder('spendRef')),
      balanceCents: walletBalanceSql(sql.placeholder('buyer')),
    })
    .from(items)
    .innerJoin(users, eq(users.id, items.creatorId))
    .where(eq(items.id, sql.placeholder('id')))
    .prepare('balance_purchase'),
);
