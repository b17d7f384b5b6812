import { z } from 'zod';
import { CURRENCIES } from '../rules/money';
import { TIERS } from '../rules/tiers';

/*
 * Single payments and their refunds (issue 43, "Refunds and disputes"). A transaction is one
 * payment to a creator: an item sale (card or balance), a membership payment or a tip, named by the id
 * of its earnings entry. Refunds and lost disputes take money back from it, never more than was
 * paid.
 */

export const TRANSACTIONS_PAGE_MAX = 100;
export const TRANSACTIONS_PAGE_DEFAULT = 50;
/** A creator may refund their own sale for this many days after it. */
export const CREATOR_REFUND_DAYS = 14;

export const TRANSACTION_KINDS = ['sale', 'membership', 'tip'] as const;
/** How it was paid: a card through the built-in test provider or Stripe, or the fan's balance. */
export const TRANSACTION_PROVIDERS = ['local', 'stripe', 'balance'] as const;
export const REFUND_STATES = ['none', 'partial', 'refunded'] as const;
export type RefundState = (typeof REFUND_STATES)[number];
export const DISPUTE_STATUSES = ['open', 'won', 'lost'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
/** Why money went back: a refund (admin, creator or the provider's dashboard) or a lost dispute. */
export const REFUND_CAUSES = ['refund', 'dispute'] as const;
export type RefundCause = (typeof REFUND_CAUSES)[number];

const PositiveId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const TransactionsQuery = z.object({
  itemId: PositiveId.optional(),
  creatorId: z.uuid().optional(),
  buyerId: z.uuid().optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(TRANSACTIONS_PAGE_MAX)
    .default(TRANSACTIONS_PAGE_DEFAULT),
  /** The previous page's nextCursor (opaque). */
  cursor: z.string().max(200).optional(),
});
export type TransactionsQuery = z.infer<typeof TransactionsQuery>;

const Person = z.object({ id: z.string(), username: z.string() });

export const Transaction = z.object({
  /** The refund calls take this id. */
  id: z.number().int(),
  kind: z.enum(TRANSACTION_KINDS),
  /** Null when the buyer's account is gone. */
  buyer: Person.nullable(),
  creator: Person,
  /** The item sold (kind sale); null when it was deleted since. */
  item: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  /** The tier paid for (kind membership). */
  tier: z.enum(TIERS).nullable(),
  amountCents: z.number().int(),
  currency: z.enum(CURRENCIES),
  provider: z.enum(TRANSACTION_PROVIDERS),
  /** ISO 8601. */
  createdAt: z.string(),
  refundedCents: z.number().int(),
  refundState: z.enum(REFUND_STATES),
  dispute: z.enum(DISPUTE_STATUSES).nullable(),
});
export type Transaction = z.infer<typeof Transaction>;

export const TransactionsPage = z.object({
  transactions: z.array(Transaction),
  nextCursor: z.string().nullable(),
});
export type TransactionsPage = z.infer<typeof TransactionsPage>;

export const TransactionParams = z.object({ id: z.string().max(32) });

export const RefundRequest = z.object({
  /** Cents to give back; the rest still unrefunded when omitted. */
  amountCents: z.number().int().min(1).max(100_000_000).optional(),
  reason: z.string().trim().max(500).optional(),
});
export type RefundRequest = z.infer<typeof RefundRequest>;

export const RefundResponse = z.object({
  refund: z.object({
    id: z.number().int(),
    amountCents: z.number().int(),
    currency: z.enum(CURRENCIES),
  }),
  /** True when this Idempotency-Key had booked the refund already (nothing was done again). */
  replayed: z.boolean(),
  transaction: Transaction,
});
export type RefundResponse = z.infer<typeof RefundResponse>;

/** The refund state of a payment of `amountCents` of which `refundedCents` went back. */
export const refundStateOf = (amountCents: number, refundedCents: number): RefundState =>
  refundedCents <= 0 ? 'none' : refundedCents >= amountCents ? 'refunded' : 'partial';
