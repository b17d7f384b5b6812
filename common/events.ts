import { z } from 'zod';
import { ROLES } from './rules/roles';
import { TIERS } from './rules/tiers';

/*
 * Domain events (issue 9): every state change the platform makes is one of these, written by
 * `recordEvent` in the transaction of the change. The same row feeds the audit log (who did
 * what, from where) and, through the outbox and the bus, realtime pushes and mail jobs.
 *
 * Each event names its subject (what it is about) and carries a typed `data`. Add a new event
 * here with its subject kind and whether it belongs in the audit trail; the compiler then
 * checks every `recordEvent` call and every consumer's switch.
 */

/** What an event is about; the audit log is filterable by subject type and id. */
export const SUBJECT_TYPES = [
  'user',
  'item',
  'comment',
  'media',
  'checkout',
  'payment',
  'subscription',
  'wallet',
  'payout',
  'payout_run',
  'discount',
  'gift',
  'report',
  'warning',
  'conversation',
  'message',
  'mail',
  'system',
] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

const Money = z.object({ amountCents: z.number(), currency: z.string() });
const nothing = z.object({});
const role = z.enum(ROLES);
const tier = z.enum(TIERS);
/** The discount code a payment was priced with (issue 43) and the cents it took off. */
const discount = {
  discountCode: z.string().optional(),
  discountCents: z.number().optional(),
};
const fanAndCreator = { fanId: z.string(), creatorId: z.string() };
const checkoutKind = z.enum(['item', 'subscription', 'topup', 'tip', 'gift']);

/**
 * The data each event type carries, as zod schemas: the writer's type (`DomainEventData`) is
 * inferred from them and the audit log's reader parses stored rows with them, so both sides
 * read one definition. Keys are `subject.verb`, past tense.
 */
export const EVENT_DATA = {
  // accounts
  'account.created': z.object({
    via: z.enum(['auth', 'register', 'google', 'seed']),
    newsletter: z.boolean(),
  }),
  /** `email`: linked by its address at a Google sign-in, which no longer happens (older rows). */
  'account.google_linked': z.object({ via: z.enum(['email', 'settings']) }),
  'account.signed_in': z.object({ method: z.enum(['password', 'google']) }),
  'account.sign_in_failed': z.object({ failedLogins: z.number() }),
  'account.signed_out': z.object({ jti: z.string() }),
  'account.updated': z.object({ fields: z.array(z.string()) }),
  'account.password_changed': z.object({ endedSessions: z.boolean() }),
  'account.sessions_ended': z.object({ reason: z.string() }),
  'account.email_change_requested': nothing,
  'account.email_changed': nothing,
  'account.email_verified': nothing,
  /** "This was not me": `removed` when the address left the account, else a pending change to it. */
  'account.email_taken_back': z.object({ removed: z.boolean() }),
  'account.password_reset_requested': nothing,
  'account.password_reset': nothing,
  'account.deleted': nothing,
  'user.role_changed': z.object({
    from: role,
    to: role,
    reason: z.string(),
    itemId: z.number().optional(),
  }),
  'user.activation_changed': z.object({ active: z.boolean() }),
  'user.warned': z.object({
    warningId: z.number(),
    reason: z.string(),
    itemId: z.number().nullable(),
  }),
  'user.warning_acknowledged': z.object({ warningId: z.number() }),
  'user.suspended': z.object({ reason: z.string() }),
  'user.reactivated': z.object({ reason: z.string() }),
  'user.blocked': z.object({ blockedId: z.string() }),
  'user.unblocked': z.object({ blockedId: z.string() }),
  'profile.updated': z.object({ fields: z.array(z.string()) }),
  'profile.visited': z.object({ visitors: z.number() }),
  // items and engagement
  'item.created': z.object({
    creatorId: z.string(),
    priceCents: z.number(),
    tierRequired: tier,
    status: z.string(),
  }),
  'item.updated': z.object({
    fields: z.array(z.string()),
    priceCents: z.object({ from: z.number(), to: z.number() }).optional(),
  }),
  'item.published': nothing,
  'item.unpublished': nothing,
  'item.deleted': z.object({ keptForBuyers: z.boolean() }),
  'item.hidden': z.object({ reason: z.string() }),
  'item.unhidden': z.object({ reason: z.string() }),
  'item.liked': z.object({ userId: z.string(), likes: z.number() }),
  'item.unliked': z.object({ userId: z.string(), likes: z.number() }),
  'item.visited': z.object({ visitors: z.number() }),
  'comment.added': z.object({ itemId: z.number(), authorId: z.string() }),
  'media.uploaded': z.object({
    kind: z.enum(['image', 'audio', 'video']),
    sizeBytes: z.number(),
    mimeType: z.string(),
  }),
  'follow.created': z.object({
    followerId: z.string(),
    creatorId: z.string(),
    followers: z.number(),
  }),
  'follow.removed': z.object({
    followerId: z.string(),
    creatorId: z.string(),
    followers: z.number(),
  }),
  // money
  'checkout.created': Money.extend({ kind: checkoutKind, provider: z.string() }),
  'checkout.fulfilled': Money.extend({ kind: checkoutKind }),
  'checkout.amount_mismatch': z.object({
    expected: z.number(),
    paid: z.number(),
    currency: z.string(),
  }),
  'checkout.expired': nothing,
  'discount.created': z.object({ code: z.string() }),
  'discount.deleted': z.object({ code: z.string() }),
  'sale.recorded': Money.extend({
    itemId: z.number(),
    creatorId: z.string(),
    buyerId: z.string(),
    netCents: z.number(),
    via: z.enum(['card', 'balance']),
    ...discount,
  }),
  'tip.received': Money.extend({
    tipId: z.number(),
    fanId: z.string(),
    creatorId: z.string(),
    netCents: z.number(),
    via: z.enum(['card', 'balance']),
    showPublicly: z.boolean(),
  }),
  'sale.refunded_to_balance': Money.extend({ itemId: z.number().nullable(), buyerId: z.string() }),
  // gifts (issue 43): bought for an address, its mail (re)sent, redeemed once, or refunded
  'gift.purchased': Money.extend({
    giftId: z.string(),
    giverId: z.string(),
    creatorId: z.string(),
    itemId: z.number().nullable(),
    tier: tier.nullable(),
    months: z.number().nullable(),
    sendAt: z.string().nullable(),
  }),
  'gift.resent': z.object({ giftId: z.string(), giverId: z.string(), creatorId: z.string() }),
  'gift.redeemed': z.object({
    giftId: z.string(),
    giverId: z.string(),
    redeemerId: z.string(),
    creatorId: z.string(),
    itemId: z.number().nullable(),
    tier: tier.nullable(),
    months: z.number().nullable(),
  }),
  'gift.refunded': Money.extend({ giftId: z.string(), giverId: z.string() }),
  'payment.refunded': Money.extend({
    transactionId: z.number(),
    refundId: z.number(),
    cause: z.enum(['refund', 'dispute']),
    buyerId: z.string().nullable(),
    creatorId: z.string(),
    itemId: z.number().nullable(),
    tier: tier.nullable(),
    /** The creator's earnings taken back (net of the fee) and the fee given up. */
    netCents: z.number(),
    feeCents: z.number(),
    /** To the fan's balance (a balance payment) or the card. */
    to: z.enum(['balance', 'card']),
    full: z.boolean(),
  }),
  'payment.disputed': Money.extend({
    transactionId: z.number(),
    disputeId: z.string(),
    status: z.enum(['open', 'won', 'lost']),
    creatorId: z.string(),
  }),
  'wallet.topped_up': Money.extend({ userId: z.string() }),
  /** `trialEndsAt`: a free trial (issue 43), nothing paid until then (amountCents 0). */
  'membership.started': Money.extend({
    ...fanAndCreator,
    tier,
    trialEndsAt: z.string().nullable().optional(),
    /** The tier's price each period (what a trial's end charges). */
    priceCents: z.number().optional(),
    ...discount,
    /** Issue 43: the period the price pays for (absent on older events: a month). */
    interval: z.enum(['month', 'year']).optional(),
  }),
  /** A creator set the free trial days of their paid tiers (issue 43; 0 is no trial). */
  'membership.trials_set': z.object({ Hypr: z.number(), HyprSoul: z.number() }),
  /** A creator set the yearly prices of their paid tiers (issue 43). */
  'membership.plans_set': z.object({
    Hypr: z.object({ amountCents: z.number(), currency: z.string() }),
    HyprSoul: z.object({ amountCents: z.number(), currency: z.string() }),
  }),
  'membership.renewed': Money.extend({
    ...fanAndCreator,
    periodEnd: z.string(),
    interval: z.enum(['month', 'year']).optional(),
  }),
  'membership.payment_failed': z.object({ ...fanAndCreator, tier }),
  'membership.canceled': z.object({ ...fanAndCreator, accessUntil: z.string().nullable() }),
  'membership.ended': z.object(fanAndCreator),
  /** The fan paused (issue 43): no access nor charge from `pausesAt` until `pausedUntil`. */
  'membership.paused': z.object({
    ...fanAndCreator,
    periods: z.number(),
    pausesAt: z.string(),
    pausedUntil: z.string(),
  }),
  /** A pause ended: by the fan (`early`) or by itself at its end (the renewal job). */
  'membership.resumed': z.object({ ...fanAndCreator, early: z.boolean() }),
  /**
   * The fan changed tier (issue 43): an upgrade at once (`amountCents` charged for the rest of
   * the period), a downgrade at `effectiveAt` (the period end; nothing charged now); choosing the
   * current tier again drops a pending downgrade (`toTier` the current one).
   */
  'membership.tier_changed': z.object({
    ...fanAndCreator,
    fromTier: tier,
    toTier: tier,
    direction: z.enum(['upgrade', 'downgrade', 'kept']),
    effectiveAt: z.string(),
    amountCents: z.number(),
    currency: z.string(),
  }),
  /**
   * The card was declined for an upgrade's prorated difference (`amountCents`): the membership
   * stays as it was; the audit log keeps the attempt, which the refused request left no trace of.
   */
  'membership.upgrade_declined': z.object({
    ...fanAndCreator,
    fromTier: tier,
    toTier: tier,
    amountCents: z.number(),
    currency: z.string(),
  }),
  'membership.synced': z.object({ status: z.string() }),
  /** A complimentary membership: free, ended by the renewal job at `periodEnd`, never charged. */
  'membership.comp_granted': z.object({
    ...fanAndCreator,
    tier,
    months: z.number(),
    periodEnd: z.string(),
    via: z.enum(['creator', 'import', 'invitation', 'gift']),
  }),
  // a creator's member list
  'members.import_queued': z.object({ importId: z.string(), rows: z.number() }),
  'members.imported': z.object({
    importId: z.string(),
    invited: z.number(),
    matched: z.number(),
    refused: z.number(),
  }),
  'members.import_failed': z.object({ importId: z.string(), attempts: z.number() }),
  'members.invitation_accepted': z.object({ creatorId: z.string(), invitationId: z.string() }),
  'payout.updated': z.object({ creatorId: z.string(), fields: z.array(z.string()) }),
  'payout.run_booked': z.object({
    runId: z.string(),
    creators: z.number(),
    totals: z.array(Money),
  }),
  'payout.transfer_failed': Money.extend({
    runId: z.string(),
    creatorId: z.string(),
    attempts: z.number(),
  }),
  'payout.key_rotated': z.object({ keyId: z.string(), resealed: z.number() }),
  // moderation
  'report.created': z.object({
    targetType: z.enum(['item', 'comment', 'message', 'user']),
    targetId: z.string(),
    reason: z.string(),
  }),
  'report.resolved': z.object({
    action: z.enum(['dismiss', 'warn', 'hide', 'suspend']),
    reason: z.string(),
  }),
  // messages
  'message.created': z.object({
    conversationId: z.string(),
    senderId: z.string(),
    recipientId: z.string(),
  }),
  'message.read': z.object({
    conversationId: z.string(),
    readerId: z.string(),
    upToMessageId: z.string(),
  }),
  // mail
  'mail.queued': z.object({ template: z.string(), to: z.string() }),
  'mail.failed': z.object({ template: z.string(), attempts: z.number() }),
  // private member feeds (issue 42): a link made or reset, never its token
  'feed.link_rotated': z.object({ creatorId: z.string(), generation: z.number() }),
  // New-post e-mails (issue 42): a fan-out queued for an item or a creator's update.
  'newsletter.queued': z.object({ source: z.string() }),
  'newsletter.fanned_out': z.object({
    source: z.string(),
    creatorId: z.string(),
    instant: z.number(),
    weekly: z.number(),
  }),
  'newsletter.update_posted': z.object({ updateId: z.string(), subject: z.string() }),
  // operations
  'system.demo_seeded': nothing,
} as const;

/** The data each event type carries (inferred from `EVENT_DATA`). */
export type DomainEventData = { [K in keyof typeof EVENT_DATA]: z.infer<(typeof EVENT_DATA)[K]> };

export type DomainEventType = keyof DomainEventData;

/** Per type: its subject kind, and whether the audit log keeps it (high-volume engagement does not). */
export const EVENT_DESCRIPTORS: {
  readonly [K in DomainEventType]: { subject: SubjectType; audit: boolean };
} = {
  'account.created': { subject: 'user', audit: true },
  'account.google_linked': { subject: 'user', audit: true },
  'account.signed_in': { subject: 'user', audit: true },
  'account.sign_in_failed': { subject: 'user', audit: true },
  'account.signed_out': { subject: 'user', audit: true },
  'account.updated': { subject: 'user', audit: true },
  'account.password_changed': { subject: 'user', audit: true },
  'account.sessions_ended': { subject: 'user', audit: true },
  'account.email_change_requested': { subject: 'user', audit: true },
  'account.email_changed': { subject: 'user', audit: true },
  'account.email_taken_back': { subject: 'user', audit: true },
  'account.email_verified': { subject: 'user', audit: true },
  'account.password_reset_requested': { subject: 'user', audit: true },
  'account.password_reset': { subject: 'user', audit: true },
  'account.deleted': { subject: 'user', audit: true },
  'user.role_changed': { subject: 'user', audit: true },
  'user.activation_changed': { subject: 'user', audit: true },
  'user.warned': { subject: 'user', audit: true },
  'user.warning_acknowledged': { subject: 'warning', audit: true },
  'user.suspended': { subject: 'user', audit: true },
  'user.reactivated': { subject: 'user', audit: true },
  'user.blocked': { subject: 'user', audit: true },
  'user.unblocked': { subject: 'user', audit: true },
  'profile.updated': { subject: 'user', audit: true },
  'profile.visited': { subject: 'user', audit: false },
  'item.created': { subject: 'item', audit: true },
  'item.updated': { subject: 'item', audit: true },
  'item.published': { subject: 'item', audit: true },
  'item.unpublished': { subject: 'item', audit: true },
  'item.deleted': { subject: 'item', audit: true },
  'item.hidden': { subject: 'item', audit: true },
  'item.unhidden': { subject: 'item', audit: true },
  'item.liked': { subject: 'item', audit: false },
  'item.unliked': { subject: 'item', audit: false },
  'item.visited': { subject: 'item', audit: false },
  'comment.added': { subject: 'comment', audit: true },
  'media.uploaded': { subject: 'media', audit: true },
  'follow.created': { subject: 'user', audit: false },
  'follow.removed': { subject: 'user', audit: false },
  'checkout.created': { subject: 'checkout', audit: true },
  'checkout.fulfilled': { subject: 'checkout', audit: true },
  'checkout.amount_mismatch': { subject: 'checkout', audit: true },
  'checkout.expired': { subject: 'checkout', audit: true },
  'discount.created': { subject: 'discount', audit: true },
  'discount.deleted': { subject: 'discount', audit: true },
  'sale.recorded': { subject: 'item', audit: true },
  'sale.refunded_to_balance': { subject: 'checkout', audit: true },
  'tip.received': { subject: 'payment', audit: true },
  'gift.purchased': { subject: 'gift', audit: true },
  'gift.resent': { subject: 'gift', audit: true },
  'gift.redeemed': { subject: 'gift', audit: true },
  'gift.refunded': { subject: 'gift', audit: true },
  'payment.refunded': { subject: 'payment', audit: true },
  'payment.disputed': { subject: 'payment', audit: true },
  'wallet.topped_up': { subject: 'wallet', audit: true },
  'membership.started': { subject: 'subscription', audit: true },
  'membership.trials_set': { subject: 'user', audit: true },
  'membership.plans_set': { subject: 'user', audit: true },
  'membership.renewed': { subject: 'subscription', audit: true },
  'membership.payment_failed': { subject: 'subscription', audit: true },
  'membership.canceled': { subject: 'subscription', audit: true },
  'membership.ended': { subject: 'subscription', audit: true },
  'membership.paused': { subject: 'subscription', audit: true },
  'membership.resumed': { subject: 'subscription', audit: true },
  'membership.tier_changed': { subject: 'subscription', audit: true },
  'membership.upgrade_declined': { subject: 'subscription', audit: true },
  'membership.synced': { subject: 'subscription', audit: true },
  'membership.comp_granted': { subject: 'subscription', audit: true },
  'members.import_queued': { subject: 'user', audit: true },
  'members.imported': { subject: 'user', audit: true },
  'members.import_failed': { subject: 'user', audit: true },
  'members.invitation_accepted': { subject: 'user', audit: true },
  'payout.updated': { subject: 'payout', audit: true },
  'payout.run_booked': { subject: 'payout_run', audit: true },
  'payout.transfer_failed': { subject: 'payout', audit: true },
  'payout.key_rotated': { subject: 'system', audit: true },
  'report.created': { subject: 'report', audit: true },
  'report.resolved': { subject: 'report', audit: true },
  'message.created': { subject: 'message', audit: false },
  'message.read': { subject: 'conversation', audit: false },
  'mail.queued': { subject: 'mail', audit: false },
  'mail.failed': { subject: 'mail', audit: true },
  'feed.link_rotated': { subject: 'user', audit: true },
  'newsletter.queued': { subject: 'mail', audit: false },
  'newsletter.fanned_out': { subject: 'mail', audit: true },
  'newsletter.update_posted': { subject: 'user', audit: true },
  'system.demo_seeded': { subject: 'system', audit: true },
};

/** One domain event: its type, the id of its subject, and its typed data. */
export type DomainEvent = {
  [K in DomainEventType]: { type: K; subjectId: string; data: DomainEventData[K] };
}[DomainEventType];

/** What the bus carries after commit: the event plus who caused it and who should hear of it. */
export interface PublishedEvent<E extends DomainEvent = DomainEvent> {
  /** The outbox row id: consumers remember it to stay idempotent under at-least-once delivery. */
  id: number;
  event: E;
  actorId: string | null;
  /** Users whose open sockets get this event (already filtered by who may see it). */
  audience: string[];
  /** A socket event's sequence number for each member of `audience`, in its order (issue 20). */
  sequences?: number[];
  at: string;
}

export const eventSubjectType = (type: DomainEventType): SubjectType =>
  EVENT_DESCRIPTORS[type].subject;

/** Every event type, in `EVENT_DATA`'s order (the audit table's CHECK lists these). */
export const DOMAIN_EVENT_TYPES = Object.keys(EVENT_DATA) as DomainEventType[];
