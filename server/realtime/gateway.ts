import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { PublishedEvent } from '../../common/events';
import { BEARER_PROTOCOL_PREFIX, REALTIME_CLOSE, RealtimeClientFrame } from '../../common/realtime';
import { resolveViewer } from '../auth/guard';
import type { Container } from '../container';
import { isRelayed, isSessionEvent } from '../events/relayed';
import { RealtimeConnection } from './connection';
import type { ClientEventPresenter, RealtimePresenters } from './presenters';
import { RecentIds } from './recent-ids';
import { liveSessions } from './sessions';

/** Sockets one person may hold at once (tabs, devices); a new one beyond it closes the oldest. */
export const MAX_SOCKETS_PER_USER = 10;
/** Longest a socket may stay open without authenticating. */
const MAX_AUTH_WAIT_MS = 5000;
/** Events remembered for dedupe (the bus delivers at least once). */
const RECENT_EVENTS = 10_000;

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
  private readonly heartbeat: NodeJS.Timeout;
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
    this.heartbeat = setInterval(() => void this.beat(), heartbeatMs);
    this.heartbeat.unref();
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
      if (connection.session) return;
      await this.authenticate(connection, frame.token);
      return;
    }
    if (!connection.session) {
      connection.close(REALTIME_CLOSE.sessionEnded, 'Authenticate first');
      return;
    }
    connection.send({ type: 'pong' });
  }

  private async authenticate(connection: RealtimeConnection, token: string): Promise<void> {
    const viewer = await resolveViewer(this.c.sessions, this.c.tokens, token);
    if (!connection.isOpen || connection.session) return;
    if (!viewer) {
      connection.endSession();
      return;
    }
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
    connection.send({ type: 'ready', userId: viewer.id });
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
    this.queue = this.queue
      .then(() => this.dispatch(published))
      .catch((err: unknown) => this.c.reportError(err, `realtime ${published.event.type}`));
  }

  private async dispatch(published: PublishedEvent): Promise<void> {
    const { event } = published;
    // After a logout, suspension, demotion, password change or the like, the subject's sockets
    // are checked again at once, on whichever instance holds them.
    if (isSessionEvent(event.type)) {
      if (event.type === 'account.signed_out') this.closeToken(event.subjectId, event.data.jti);
      await this.recheck(this.rooms.get(event.subjectId));
    }
    if (!isRelayed(event.type)) return;
    const presenter = this.presenters[event.type] as ClientEventPresenter | undefined;
    if (!presenter) return;
    const recipients = published.audience.filter((id) => this.rooms.has(id));
    if (recipients.length === 0) return;
    for (const { userId, event: clientEvent } of await presenter(published, recipients)) {
      for (const connection of this.rooms.get(userId) ?? []) {
        if (connection.send(clientEvent) === 'dropped') this.dropped.tooSlow += 1;
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
  }

  /** Closes every socket (server shutdown: clients reconnect to another instance). */
  closeAll(): void {
    clearInterval(this.heartbeat);
    this.unsubscribe();
    for (const connection of this.pending) connection.close(1001, 'Server shutting down');
    for (const room of this.rooms.values()) {
      for (const connection of room) connection.close(1001, 'Server shutting down');
    }
  }
}
