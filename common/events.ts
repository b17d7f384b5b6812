import type { Role } from './rules/roles';
import type { Tier } from './rules/tiers';

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
  'subscription',
  'wallet',
  'payout',
  'payout_run',
  'report',
  'warning',
  'conversation',
  'message',
  'mail',
  'system',
] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

type Money = { amountCents: number; currency: string };

/** The data each event type carries. Keys are `subject.verb`, past tense. */
export interface DomainEventData {
  // accounts
  'account.created': { via: 'auth' | 'register' | 'google' | 'seed'; newsletter: boolean };
  /** `email`: linked by its address at a Google sign-in, which no longer happens (older rows). */
  'account.google_linked': { via: 'email' | 'settings' };
  'account.signed_in': { method: 'password' | 'google' };
  'account.sign_in_failed': { failedLogins: number };
  'account.signed_out': { jti: string };
  'account.updated': { fields: string[] };
  'account.password_changed': { endedSessions: boolean };
  'account.sessions_ended': { reason: string };
  'account.email_change_requested': Record<string, never>;
  'account.email_changed': Record<string, never>;
  'account.email_verified': Record<string, never>;
  /** "This was not me": `removed` when the address left the account, else a pending change to it. */
  'account.email_taken_back': { removed: boolean };
  'account.password_reset_requested': Record<string, never>;
  'account.password_reset': Record<string, never>;
  'account.deleted': Record<string, never>;
  'user.role_changed': { from: Role; to: Role; reason: string; itemId?: number };
  'user.activation_changed': { active: boolean };
  'user.warned': { warningId: number; reason: string; itemId: number | null };
  'user.warning_acknowledged': { warningId: number };
  'user.suspended': { reason: string };
  'user.reactivated': { reason: string };
  'user.blocked': { blockedId: string };
  'user.unblocked': { blockedId: string };
  'profile.updated': { fields: string[] };
  'profile.visited': { visitors: number };
  // items and engagement
  'item.created': { creatorId: string; priceCents: number; tierRequired: Tier; status: string };
  'item.updated': { fields: string[]; priceCents?: { from: number; to: number } };
  'item.published': Record<string, never>;
  'item.unpublished': Record<string, never>;
  'item.deleted': { keptForBuyers: boolean };
  'item.hidden': { reason: string };
  'item.unhidden': { reason: string };
  'item.liked': { userId: string; likes: number };
  'item.unliked': { userId: string; likes: number };
  'item.visited': { visitors: number };
  'comment.added': { itemId: number; authorId: string };
  'media.uploaded': { kind: 'image' | 'audio' | 'video'; sizeBytes: number; mimeType: string };
  'follow.created': { followerId: string; creatorId: string; followers: number };
  'follow.removed': { followerId: string; creatorId: string; followers: number };
  // money
  'checkout.created': Money & { kind: 'item' | 'subscription' | 'topup'; provider: string };
  'checkout.fulfilled': Money & { kind: 'item' | 'subscription' | 'topup' };
  'checkout.amount_mismatch': { expected: number; paid: number; currency: string };
  'checkout.expired': Record<string, never>;
  'sale.recorded': Money & {
    itemId: number;
    creatorId: string;
    buyerId: string;
    netCents: number;
    via: 'card' | 'balance';
  };
  'sale.refunded_to_balance': Money & { itemId: number | null; buyerId: string };
  'wallet.topped_up': Money & { userId: string };
  'membership.started': Money & { fanId: string; creatorId: string; tier: Tier };
  'membership.renewed': Money & { fanId: string; creatorId: string; periodEnd: string };
  'membership.payment_failed': { fanId: string; creatorId: string; tier: Tier };
  'membership.canceled': { fanId: string; creatorId: string; accessUntil: string | null };
  'membership.ended': { fanId: string; creatorId: string };
  'membership.synced': { status: string };
  'payout.updated': { creatorId: string; fields: string[] };
  'payout.run_booked': { runId: string; creators: number; totals: Money[] };
  'payout.transfer_failed': Money & { runId: string; creatorId: string; attempts: number };
  'payout.key_rotated': { keyId: string; resealed: number };
  // moderation
  'report.created': {
    targetType: 'item' | 'comment' | 'message' | 'user';
    targetId: string;
    reason: string;
  };
  'report.resolved': { action: 'dismiss' | 'warn' | 'hide' | 'suspend'; reason: string };
  // messages
  'message.created': { conversationId: string; senderId: string; recipientId: string };
  'message.read': { conversationId: string; readerId: string; upToMessageId: string };
  // mail
  'mail.queued': { template: string; to: string };
  'mail.failed': { template: string; attempts: number };
  // operations
  'system.demo_seeded': Record<string, never>;
}

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
  'sale.recorded': { subject: 'item', audit: true },
  'sale.refunded_to_balance': { subject: 'checkout', audit: true },
  'wallet.topped_up': { subject: 'wallet', audit: true },
  'membership.started': { subject: 'subscription', audit: true },
  'membership.renewed': { subject: 'subscription', audit: true },
  'membership.payment_failed': { subject: 'subscription', audit: true },
  'membership.canceled': { subject: 'subscription', audit: true },
  'membership.ended': { subject: 'subscription', audit: true },
  'membership.synced': { subject: 'subscription', audit: true },
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
