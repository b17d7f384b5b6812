import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { PublishedEvent } from '../../common/events';
import {
  BEARER_PROTOCOL_PREFIX,
  REALTIME_CLOSE,
  RealtimeClientFrame,
  type ClientEvent,
} from '../../common/realtime';
import { resolveViewer } from '../auth/guard';
import type { Container } from '../container';
import { isSessionEvent, isSocketEvent } from '../events/relayed';
import { RealtimeConnection } from './connection';
import { eventsAfter, lastSequences, type MissedEvent } from './missed-events';
import type { ClientEventPresenter, Delivery, RealtimePresenters } from './presenters';
import { RecentIds } from './recent-ids';
import { liveSessions } from './sessions';

/** Sockets one person may hold at once (tabs, devices); a new one beyond it closes the oldest. */
export const MAX_SOCKETS_PER_USER = 10;
/** Longest a socket may stay open without authenticating. */
const MAX_AUTH_WAIT_MS = 5000;
/** Events remembered for dedupe (the bus delivers at least once). */
const RECENT_EVENTS = 10_000;
/** While the bus is lost, sockets are caught up from the database this often (issue 20). */
const OUTAGE_POLL_MS = 1000;
/** Missed events read per person at a time, and at most in one catch-up (then: resync). */
const CATCH_UP_BATCH = 200;
const CATCH_UP_MAX = 1000;

/** The sequence number `published` carries for `userId`, if it carries any. */
const sequenceOf = (published: PublishedEvent, userId: string): number | undefined =>
  published.sequences?.[published.audience.indexOf(userId)];

/** The bearer token offered as a subprotocol (`bearer.<token>`), if any. */
function tokenFromProtocols(request: FastifyRequest): string | null {
  const header = request.headers['sec-websocket-protocol'];
  if (typeof header !== 'string') return null;
  const offered = header.split(',').map((p) => p.trim());
  const bearer = offered.find((p) => p.startsWith(BEARER_PROTOCOL_PREFIX));
  return bearer ? bearer.slice(BEARER_PROTOCOL_PREFIX.length) : null;
}

/**
 * The realtime gateway (issue 11): per-user rooms of sockets on this instance, fed by the bus,
 * so an event committed through any instance reaches every socket of its audience wherever it
 * is connected. Presenters (one per domain event type) decide what each person receives.
 */
export class RealtimeGateway {
  private readonly rooms = new Map<string, Set<RealtimeConnection>>();
  private readonly pending = new Set<RealtimeConnection>();
  private readonly recent = new RecentIds(RECENT_EVENTS);
  private queue: Promise<void> = Promise.resolve();
  private readonly unsubscribe: () => void;
  private readonly unwatchBus: () => void;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly outagePoll: NodeJS.Timeout;
  private isPolling = false;
  private readonly authWaitMs: number;
  /** Sockets dropped for not keeping up with what they were sent, or for missing a heartbeat. */
  readonly dropped = { tooSlow: 0, unanswered: 0 };

  constructor(
    private readonly c: Container,
    private readonly presenters: RealtimePresenters,
  ) {
    const heartbeatMs = c.config.REALTIME_HEARTBEAT_SECONDS * 1000;
    this.authWaitMs = Math.min(MAX_AUTH_WAIT_MS, heartbeatMs);
    this.unsubscribe = c.bus.subscribe((published) => this.onEvent(published));
    // Back from an outage: whatever was published while this instance did not listen is read
    // from the database (pub/sub kept none of it).
    this.unwatchBus = c.bus.onConnectionChange((connected) => {
      if (connected) void this.enqueue(() => this.catchUp(this.authenticated()), 'catch-up');
    });
    this.heartbeat = setInterval(() => void this.beat(), heartbeatMs);
    this.heartbeat.unref();
    this.outagePoll = setInterval(() => void this.pollDuringOutage(), OUTAGE_POLL_MS);
    this.outagePoll.unref();
  }

  /** Runs `work` after everything queued, so each socket gets its events once, in order. */
  private enqueue(work: () => Promise<void>, context: string): Promise<void> {
    this.queue = this.queue
      .then(work)
      .catch((err: unknown) => this.c.reportError(err, `realtime ${context}`));
    return this.queue;
  }

  private authenticated(): RealtimeConnection[] {
    return [...this.rooms.values()].flatMap((room) => [...room]);
  }

  /** Sockets open on this instance (authenticated or not). */
  get size(): number {
    let n = this.pending.size;
    for (const room of this.rooms.values()) n += room.size;
    return n;
  }

  /** Resolves once every event received so far has been handed to the sockets. */
  async settled(): Promise<void> {
    await this.queue;
  }

  /** Authenticated sockets of one person on this instance. */
  socketsOf(userId: string): number {
    return this.rooms.get(userId)?.size ?? 0;
  }

  accept(socket: WebSocket, request: FastifyRequest): void {
    const connection = new RealtimeConnection(socket, Date.now());
    this.pending.add(connection);
    const authTimer = setTimeout(() => {
      if (!connection.session) connection.close(REALTIME_CLOSE.authTimeout, 'Authenticate first');
    }, this.authWaitMs);
    authTimer.unref();

    socket.on('pong', () => {
      connection.isAlive = true;
    });
    socket.on('close', () => {
      clearTimeout(authTimer);
      this.remove(connection);
    });
    socket.on('message', (data, isBinary) => {
      void this.onFrame(connection, data.toString(), isBinary).catch((err: unknown) => {
        this.c.reportError(err, 'realtime frame');
        connection.close(1011, 'Server error');
      });
    });

    const offered = tokenFromProtocols(request);
    if (offered) {
      this.authenticate(connection, offered).catch((err: unknown) => {
        this.c.reportError(err, 'realtime authentication');
        connection.close(1011, 'Server error');
      });
    }
  }

  private async onFrame(connection: RealtimeConnection, text: string, isBinary: boolean) {
    if (!connection.mayReceive(Date.now())) {
      connection.close(REALTIME_CLOSE.rateLimited, 'Too many frames');
      return;
    }
    let frame: RealtimeClientFrame;
    try {
      if (isBinary) throw new Error('binary frame');
      frame = RealtimeClientFrame.parse(JSON.parse(text));
    } catch {
      connection.close(REALTIME_CLOSE.badFrame, 'Bad frame');
      return;
    }
    if (frame.type === 'auth') {
      if (connection.session || connection.isAuthenticating) return;
      await this.authenticate(connection, frame.token, frame.after);
      return;
    }
    // Frames sent before `ready` while the token is checked wait for nothing: they are dropped.
    if (!connection.session && connection.isAuthenticating) return;
    if (!connection.session) {
      connection.close(REALTIME_CLOSE.sessionEnded, 'Authenticate first');
      return;
    }
    if (frame.type === 'resume') {
      const { after } = frame;
      await this.enqueue(async () => {
        connection.seq = Math.min(connection.seq, after);
        await this.catchUp([connection]);
      }, 'resume');
      return;
    }
    connection.send({ type: 'pong' });
  }

  private async authenticate(
    connection: RealtimeConnection,
    token: string,
    after?: number,
  ): Promise<void> {
    connection.isAuthenticating = true;
    const viewer = await resolveViewer(this.c.sessions, this.c.tokens, token);
    if (!connection.isOpen || connection.session) return;
    if (!viewer) {
      connection.endSession();
      return;
    }
    // In the queue: the socket's starting number and its joining the room happen between two
    // events, so none falls between them.
    await this.enqueue(async () => {
      if (!connection.isOpen) return;
      const last = (await lastSequences(this.c.db, [viewer.id])).get(viewer.id) ?? 0;
      const resumes = after !== undefined && after <= last;
      connection.seq = resumes ? after : last;
      connection.session = {
        userId: viewer.id,
        jti: viewer.token.jti,
        ver: viewer.token.ver,
        exp: viewer.token.exp,
      };
      this.pending.delete(connection);
      const room = this.rooms.get(viewer.id) ?? new Set<RealtimeConnection>();
      this.rooms.set(viewer.id, room);
      room.add(connection);
      if (room.size > MAX_SOCKETS_PER_USER) {
        const oldest = room.values().next().value;
        if (oldest) {
          room.delete(oldest);
          oldest.close(REALTIME_CLOSE.replaced, 'Too many connections');
        }
      }
      connection.send({ type: 'ready', userId: viewer.id, seq: connection.seq, resumed: resumes });
      if (resumes && after < last) await this.catchUp([connection]);
    }, 'authentication');
  }

  private remove(connection: RealtimeConnection): void {
    this.pending.delete(connection);
    const userId = connection.session?.userId;
    if (!userId) return;
    const room = this.rooms.get(userId);
    room?.delete(connection);
    if (room?.size === 0) this.rooms.delete(userId);
  }

  private onEvent(published: PublishedEvent): void {
    // The outbox id plus what the event is: an event of another deployment sharing the Redis
    // channel cannot be mistaken for a repeat of one of ours.
    const key = `${published.id}:${published.event.type}:${published.event.subjectId}:${published.at}`;
    if (!this.recent.add(key)) return;
    // One at a time, so each socket receives events in the order they were committed.
    void this.enqueue(() => this.dispatch(published), published.event.type);
  }

  private async dispatch(published: PublishedEvent): Promise<void> {
    const { event } = published;
    // After a logout, suspension, demotion, password change or the like, the subject's sockets
    // are checked again at once, on whichever instance holds them.
    if (isSessionEvent(event.type)) {
      if (event.type === 'account.signed_out') this.closeToken(event.subjectId, event.data.jti);
      await this.recheck(this.rooms.get(event.subjectId));
    }
    if (!isSocketEvent(event.type)) return;
    const presenter = this.presenters[event.type] as ClientEventPresenter | undefined;
    if (!presenter) return;
    // Only those with a socket that has not had this event yet (the bus repeats, catch-ups
    // may have sent it already).
    const recipients = [...new Set(published.audience)].filter((id) => {
      const seq = sequenceOf(published, id);
      return [...(this.rooms.get(id) ?? [])].some((c) => seq === undefined || c.seq < seq);
    });
    if (recipients.length === 0) return;
    const deliveries = await presenter(published, recipients);
    for (const userId of recipients) {
      const seq = sequenceOf(published, userId);
      const events = eventsFor(deliveries, userId);
      for (const connection of [...(this.rooms.get(userId) ?? [])]) {
        if (seq === undefined) {
          // An event from an instance that does not number events yet (a rolling upgrade).
          for (const clientEvent of events) this.send(connection, clientEvent);
        } else if (seq === connection.seq + 1) {
          this.sendNumbered(connection, seq, events);
        } else if (seq > connection.seq + 1) {
          // It missed some (a bus outage, or another instance published them later): what it
          // missed comes from the database, this one with it.
          await this.catchUp([connection]);
        }
      }
    }
  }

  private send(connection: RealtimeConnection, frame: Parameters<RealtimeConnection['send']>[0]) {
    if (connection.send(frame) === 'dropped') this.dropped.tooSlow += 1;
  }

  /** The client events of the event numbered `seq`, or word that it shows this socket nothing. */
  private sendNumbered(connection: RealtimeConnection, seq: number, events: ClientEvent[]): void {
    if (events.length === 0) this.send(connection, { type: 'sequence', seq });
    for (const clientEvent of events) this.send(connection, { ...clientEvent, seq });
    connection.seq = seq;
  }

  /**
   * Sends `connections` every event numbered after the last one each was sent (issue 20), read
   * from the database: after a bus outage, a gap, or a client's `after`. A socket whose missed
   * events are no longer kept (or are too many) is told to fetch everything (`resync`).
   */
  private async catchUp(connections: readonly RealtimeConnection[]): Promise<void> {
    const open = connections.filter((c) => c.session && c.isOpen);
    if (open.length === 0) return;
    const byUser = new Map<string, RealtimeConnection[]>();
    for (const connection of open) {
      const list = byUser.get(connection.session!.userId) ?? [];
      byUser.set(connection.session!.userId, list);
      list.push(connection);
    }
    const lowest = (userId: string) => Math.min(...byUser.get(userId)!.map((c) => c.seq));
    const last = await lastSequences(this.c.db, [...byUser.keys()]);
    let behind = [...byUser.keys()].filter((userId) => (last.get(userId) ?? 0) > lowest(userId));
    for (let read = 0; behind.length > 0 && read < CATCH_UP_MAX; read += CATCH_UP_BATCH) {
      const missed = await eventsAfter(
        this.c.db,
        behind.map((userId) => ({ userId, after: lowest(userId) })),
        CATCH_UP_BATCH,
      );
      await this.sendMissed(missed, byUser);
      behind = behind.filter((userId) => missed.get(userId)?.length === CATCH_UP_BATCH);
    }
    for (const [userId, list] of byUser) {
      const seq = last.get(userId) ?? 0;
      for (const connection of list) {
        if (connection.seq >= seq || !connection.isOpen) continue;
        this.send(connection, { type: 'resync', seq });
        connection.seq = seq;
      }
    }
  }

  /** Presents each missed event once, for everyone who missed it, and sends it in order. */
  private async sendMissed(
    missed: Map<string, MissedEvent[]>,
    byUser: Map<string, RealtimeConnection[]>,
  ): Promise<void> {
    const recipientsOf = new Map<number, { published: PublishedEvent; users: string[] }>();
    for (const [userId, events] of missed) {
      for (const { published } of events) {
        const entry = recipientsOf.get(published.id) ?? { published, users: [] };
        recipientsOf.set(published.id, entry);
        entry.users.push(userId);
      }
    }
    const presented = new Map<number, Delivery[]>();
    for (const [id, { published, users }] of recipientsOf) {
      const presenter = this.presenters[published.event.type as keyof RealtimePresenters] as
        ClientEventPresenter | undefined;
      presented.set(id, presenter ? await presenter(published, users) : []);
    }
    for (const [userId, events] of missed) {
      for (const connection of byUser.get(userId) ?? []) {
        for (const { seq, published } of events) {
          if (seq <= connection.seq || !connection.isOpen) continue;
          // Not kept any more: catchUp ends with a resync.
          if (seq > connection.seq + 1) break;
          this.sendNumbered(connection, seq, eventsFor(presented.get(published.id)!, userId));
        }
      }
    }
  }

  /** Logout ends one token: its sockets close at once, without asking the database. */
  private closeToken(userId: string, jti: string): void {
    for (const connection of this.rooms.get(userId) ?? []) {
      if (connection.session?.jti === jti) connection.endSession();
    }
  }

  /** Closes the sockets among `connections` whose session is no longer live. */
  private async recheck(connections: Iterable<RealtimeConnection> | undefined): Promise<void> {
    const open = [...(connections ?? [])].filter((c) => c.session);
    if (open.length === 0) return;
    const live = await liveSessions(
      this.c.db,
      open.map((c) => c.session!),
      this.c.clock.now(),
    );
    for (const connection of open) {
      if (!live.has(connection.session!.jti)) connection.endSession();
    }
  }

  /**
   * Every heartbeat: a socket that did not answer the previous ping is dead and is dropped, the
   * others are pinged; and every session is checked again (the safety net for a session-ending
   * event this instance missed, and for tokens that expired).
   */
  private async beat(): Promise<void> {
    const all: RealtimeConnection[] = [...this.pending];
    for (const room of this.rooms.values()) all.push(...room);
    for (const connection of all) {
      if (!connection.isAlive) {
        connection.socket.terminate();
        this.dropped.unanswered += 1;
        continue;
      }
      connection.isAlive = false;
      if (connection.isOpen) connection.socket.ping();
    }
    try {
      await this.recheck(all);
    } catch (err) {
      this.c.reportError(err, 'realtime session check');
    }
    // The safety net for a socket event this instance missed while the bus seemed connected.
    await this.enqueue(() => this.catchUp(this.authenticated()), 'catch-up');
  }

  /**
   * While the bus is lost no event reaches this instance: its sockets are caught up from the
   * database, and their sessions checked, every OUTAGE_POLL_MS instead.
   */
  private async pollDuringOutage(): Promise<void> {
    if (this.c.bus.isConnected() || this.isPolling) return;
    this.isPolling = true;
    try {
      await this.recheck(this.authenticated()).catch((err: unknown) =>
        this.c.reportError(err, 'realtime session check'),
      );
      await this.enqueue(() => this.catchUp(this.authenticated()), 'catch-up');
    } finally {
      this.isPolling = false;
    }
  }

  /** Closes every socket (server shutdown: clients reconnect to another instance). */
  closeAll(): void {
    clearInterval(this.heartbeat);
    clearInterval(this.outagePoll);
    this.unsubscribe();
    this.unwatchBus();
    for (const connection of this.pending) connection.close(1001, 'Server shutting down');
    for (const room of this.rooms.values()) {
      for (const connection of room) connection.close(1001, 'Server shutting down');
    }
  }
}

const eventsFor = (deliveries: readonly Delivery[], userId: string): ClientEvent[] =>
  deliveries.filter((d) => d.userId === userId).map((d) => d.event);
