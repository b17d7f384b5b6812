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
} satisfies { [K in ClientEventName]: z.ZodType<ClientEventMap[K]> };

/** One pushed event: its name, the id of the domain event behind it (for dedupe) and its data. */
export type ClientEvent = {
  [K in ClientEventName]: { type: K; id: string; at: string; data: ClientEventMap[K] };
}[ClientEventName];

const eventFrame = <K extends ClientEventName>(type: K) =>
  z.object({
    type: z.literal(type),
    id: z.string(),
    at: z.string(),
    data: clientEventData[type],
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

/** What the client sends: its token first (unless it came as a subprotocol), then pings. */
export const RealtimeClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
  z.object({ type: z.literal('ping') }),
]);
export type RealtimeClientFrame = z.infer<typeof RealtimeClientFrame>;

/** What the server sends: `ready` once authenticated, `pong` for a ping, then client events. */
export const RealtimeServerFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), userId: z.string() }),
  z.object({ type: z.literal('pong') }),
  eventFrame('message.created'),
  eventFrame('message.read'),
  eventFrame('conversation.updated'),
  eventFrame('warning.received'),
]);
export type RealtimeServerFrame = z.infer<typeof RealtimeServerFrame>;
