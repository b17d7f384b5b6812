import type { DomainEventType } from '../../common/events';

/**
 * The events another instance acts on, and so the only ones the relay publishes to the bus:
 * the session cache and the realtime gateway drop or recheck an account's sessions on the
 * account and moderation ones, and realtime presenters show the others. Every other event is
 * written to the outbox already published (kept a day for inspection like the rest): a sign-in
 * or a sale costs no claim, publish and mark that no one hears (issue 17). The session cache,
 * the gateway and `RealtimePresenters` accept only these types, so a listener for an event
 * missing here does not compile.
 */
/** Events after which an account's sessions may have ended (the session cache drops its state). */
export const SESSION_EVENT_TYPES = [
  'account.signed_out',
  'account.password_changed',
  'account.sessions_ended',
  'account.password_reset',
  'account.email_changed',
  'account.deleted',
  'account.updated',
  'user.role_changed',
  'user.activation_changed',
  'user.suspended',
  'user.reactivated',
] as const satisfies readonly DomainEventType[];

export const RELAYED_EVENT_TYPES = [
  ...SESSION_EVENT_TYPES,
  'user.warned',
  'user.blocked',
  'user.unblocked',
  'message.created',
  'message.read',
  'tip.received',
] as const satisfies readonly DomainEventType[];

export type RelayedEventType = (typeof RELAYED_EVENT_TYPES)[number];

/**
 * The relayed events a socket hears (the only ones `RealtimePresenters` may present): each
 * carries, for every member of its audience, that person's next sequence number (issue 20), so
 * a socket that missed one (a bus outage) is caught up from the database, in order, once.
 */
export const SOCKET_EVENT_TYPES = [
  'user.warned',
  'user.blocked',
  'user.unblocked',
  'message.created',
  'message.read',
  'tip.received',
] as const satisfies readonly RelayedEventType[];
export type SocketEventType = (typeof SOCKET_EVENT_TYPES)[number];

const socketEvents: ReadonlySet<DomainEventType> = new Set(SOCKET_EVENT_TYPES);

export const isSocketEvent = (type: DomainEventType): type is SocketEventType =>
  socketEvents.has(type);
export type SessionEventType = (typeof SESSION_EVENT_TYPES)[number];

const relayed: ReadonlySet<DomainEventType> = new Set(RELAYED_EVENT_TYPES);

export const isRelayed = (type: DomainEventType): type is RelayedEventType => relayed.has(type);

const sessionEvents: ReadonlySet<DomainEventType> = new Set(SESSION_EVENT_TYPES);

/** The one test the session cache and the gateway share, so they cannot drift apart again. */
export const isSessionEvent = (type: DomainEventType): type is SessionEventType =>
  sessionEvents.has(type);
