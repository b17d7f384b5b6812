import { z } from 'zod';
import { ChatUser, DirectMessage, MessageId } from './schemas/messages';

/*
 * The realtime socket at /api/v1/realtime (issue 11). The server pushes typed client events to
 * the rooms of the users an event concerns; what each person receives is decided by a presenter
 * on the server (server/realtime/), never a raw domain event. Like Immich's ClientEventMap, this
 * map is the whole contract: a new live event (a sale, a new follower) is one more entry here,
 * one more schema below and one presenter on the server; the socket, its authentication and the
 * web client stay as they are.
 */

/** What a socket may receive, by event name. */
export interface ClientEventMap {
  /** A message in one of the viewer's conversations (sent by them on another tab, or to them). */
  'message.created': { peerId: string; message: DirectMessage };
  /** Someone in one of the viewer's conversations read it up to a message. */
  'message.read': { peerId: string; readerId: string; upToMessageId: string };
  /** The viewer's inbox row with this person changed; `unreadTotal` is the header badge. */
  'conversation.updated': { conversation: ChatUser; unreadTotal: number };
  /** A moderator warned the viewer (issue 14): the dashboard notice fetches it. */
  'warning.received': { warningId: number };
  /** A fan tipped the viewer (issue 43): the dashboard's tips panel fetches it. */
  'tip.received': { tipId: number };
}

export type ClientEventName = keyof ClientEventMap;

const clientEventData = {
  'message.created': z.object({ peerId: z.string(), message: DirectMessage }),
  'message.read': z.object({ peerId: z.string(), readerId: z.string(), upToMessageId: MessageId }),
  'conversation.updated': z.object({
    conversation: ChatUser,
    unreadTotal: z.number().int().nonnegative(),
  }),
  'warning.received': z.object({ warningId: z.number().int() }),
  'tip.received': z.object({ tipId: z.number().int() }),
} satisfies { [K in ClientEventName]: z.ZodType<ClientEventMap[K]> };

/**
 * One pushed event: its name, the id of the domain event behind it (for dedupe), its data, and
 * the viewer's sequence number of that domain event (one domain event may push several client
 * events, which share it).
 */
export type ClientEvent = {
  [K in ClientEventName]: {
    type: K;
    id: string;
    at: string;
    data: ClientEventMap[K];
    seq?: number;
  };
}[ClientEventName];

const Seq = z.number().int().nonnegative();

const eventFrame = <K extends ClientEventName>(type: K) =>
  z.object({
    type: z.literal(type),
    id: z.string(),
    at: z.string(),
    data: clientEventData[type],
    seq: Seq.optional(),
  });

/**
 * Close codes the server uses. 4401 means the session is over (token refused, revoked, expired,
 * account suspended or demoted): the client must not reconnect with that token. A socket that
 * does not keep up with what it is sent (backpressure) or misses a heartbeat is dropped without
 * a close frame (1006); the client reconnects and catches up over HTTP.
 */
export const REALTIME_CLOSE = {
  sessionEnded: 4401,
  authTimeout: 4408,
  /** Too many frames from the client in a short time. */
  rateLimited: 4429,
  /** The user opened more sockets than allowed; the oldest is closed. */
  replaced: 4409,
  badFrame: 4400,
} as const;

/** Subprotocol the server answers with; the token may come as a second one, `bearer.<token>`. */
export const REALTIME_PROTOCOL = 'aura.v1';
export const BEARER_PROTOCOL_PREFIX = 'bearer.';

/*
 * Sequence numbers (issue 20): every socket event a person hears carries their next number, so
 * the socket's stream has no holes. A client that reconnects sends the last number it applied
 * (`after` in its auth frame) and the server sends what it missed before anything new; one that
 * sees a number skipped asks for the rest (`resume`). The server fills its own gaps too (a bus
 * outage), so a client normally sees every number once, in order.
 */

/** What the client sends: its token first (unless it came as a subprotocol), then pings. */
export const RealtimeClientFrame = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('auth'),
    token: z.string().min(1).max(4096),
    /** The last sequence number this client applied, when it reconnects. */
    after: Seq.optional(),
  }),
  z.object({ type: z.literal('ping') }),
  /** Send again everything after this sequence number (the client saw one skipped). */
  z.object({ type: z.literal('resume'), after: Seq }),
]);
export type RealtimeClientFrame = z.infer<typeof RealtimeClientFrame>;

/** What the server sends: `ready` once authenticated, `pong` for a ping, then client events. */
export const RealtimeServerFrame = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ready'),
    userId: z.string(),
    /** The sequence number the socket starts after. */
    seq: Seq,
    /**
     * The events after the client's `after` follow (nothing to fetch); false when it gave none
     * or they are no longer kept: fetch the current state.
     */
    resumed: z.boolean(),
  }),
  z.object({ type: z.literal('pong') }),
  /** Sequence number `seq` holds nothing for this socket (its event shows it nothing). */
  z.object({ type: z.literal('sequence'), seq: Seq }),
  /** Events before `seq` can no longer be sent: fetch the current state, go on after `seq`. */
  z.object({ type: z.literal('resync'), seq: Seq }),
  eventFrame('message.created'),
  eventFrame('message.read'),
  eventFrame('conversation.updated'),
  eventFrame('warning.received'),
  eventFrame('tip.received'),
]);
export type RealtimeServerFrame = z.infer<typeof RealtimeServerFrame>;
