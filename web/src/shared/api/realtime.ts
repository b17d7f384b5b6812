import {
  REALTIME_CLOSE,
  RealtimeServerFrame,
  type ClientEvent,
  type ClientEventName,
} from '../../../../common/realtime';
import { readStoredToken, SESSION_CHANGED_EVENT } from '../../app/token-storage';
import { EventSequence, type SequenceVerdict } from './event-sequence';

/*
 * The one live connection of a signed-in tab to /api/v1/realtime (issue 11). It authenticates
 * with the stored token in its first frame (never in the URL), reconnects with backoff when
 * the connection drops, and resumes after the last event it applied: the server sends what it
 * missed, in order (issue 20). Only when it cannot (a first connection, events no longer kept)
 * are listeners told to fetch the current state. Features listen to the typed client events of
 * common/realtime.ts; they never see frames.
 */

export type RealtimeStatus = 'offline' | 'connecting' | 'online';

type EventHandler<K extends ClientEventName> = (event: Extract<ClientEvent, { type: K }>) => void;

/** First retry after this long, doubling up to MAX_RETRY_MS, with jitter against reconnect storms. */
const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;
/** The client pings this often; a connection that answers nothing within PONG_WAIT_MS is dead. */
const PING_EVERY_MS = 25_000;
const PONG_WAIT_MS = 10_000;

export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

class RealtimeClient {
  private socket: WebSocket | null = null;
  private users = 0;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private hasBeenReady = false;
  /** The token the server refused: not retried until the stored token changes. */
  private refusedToken: string | null = null;
  private readonly handlers = new Map<ClientEventName, Set<(event: ClientEvent) => void>>();
  private readonly readyListeners = new Set<(isReconnect: boolean) => void>();
  private readonly statusListeners = new Set<() => void>();
  private readonly sessionEndedListeners = new Set<() => void>();
  private sequence = new EventSequence();
  status: RealtimeStatus = 'offline';

  /** Keeps the connection open while at least one part of the page needs it. */
  retain(): () => void {
    this.users += 1;
    if (this.users === 1) {
      window.addEventListener(SESSION_CHANGED_EVENT, this.onSessionChanged);
      window.addEventListener('online', this.onOnline);
      this.connect();
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.users -= 1;
      if (this.users === 0) {
        window.removeEventListener(SESSION_CHANGED_EVENT, this.onSessionChanged);
        window.removeEventListener('online', this.onOnline);
        this.disconnect();
      }
    };
  }

  on<K extends ClientEventName>(type: K, handler: EventHandler<K>): () => void {
    const set = this.handlers.get(type) ?? new Set();
    this.handlers.set(type, set);
    const wrapped = handler as (event: ClientEvent) => void;
    set.add(wrapped);
    return () => set.delete(wrapped);
  }

  /**
   * Called when the tab must fetch the current state: on an authenticated connection that did
   * not resume where the last one stopped (`isReconnect` after the first one).
   */
  onReady(listener: (isReconnect: boolean) => void): () => void {
    this.readyListeners.add(listener);
    return () => this.readyListeners.delete(listener);
  }

  /** Called when the server ends the session (logout elsewhere, suspension, demotion). */
  onSessionEnded(listener: () => void): () => void {
    this.sessionEndedListeners.add(listener);
    return () => this.sessionEndedListeners.delete(listener);
  }

  subscribeStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  private setStatus(status: RealtimeStatus): void {
    if (this.status === status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener();
  }

  private readonly onSessionChanged = () => {
    // Signed in as someone else, or signed out: start over with the stored token.
    this.disconnect();
    this.hasBeenReady = false;
    this.sequence = new EventSequence();
    if (this.users > 0) this.connect();
  };

  private readonly onOnline = () => {
    if (this.users > 0 && !this.socket) {
      clearTimeout(this.retryTimer);
      this.connect();
    }
  };

  private connect(): void {
    const token = readStoredToken();
    if (!token || token === this.refusedToken) {
      this.setStatus('offline');
      return;
    }
    const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(`${scheme}//${window.location.host}/api/v1/realtime`);
    this.socket = socket;
    this.setStatus('connecting');
    const after = this.sequence.last;
    socket.onopen = () =>
      socket.send(JSON.stringify({ type: 'auth', token, ...(after === null ? {} : { after }) }));
    socket.onmessage = (message) => this.onFrame(message.data);
    socket.onclose = (close) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopPinging();
      this.setStatus('offline');
      if (close.code === REALTIME_CLOSE.sessionEnded) {
        this.refusedToken = token;
        for (const listener of this.sessionEndedListeners) listener();
        return;
      }
      if (this.users > 0) this.scheduleRetry();
    };
  }

  private scheduleRetry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), retryDelay(this.attempt));
    this.attempt += 1;
  }

  private disconnect(): void {
    clearTimeout(this.retryTimer);
    this.stopPinging();
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
    this.setStatus('offline');
  }

  private onFrame(data: unknown): void {
    if (typeof data !== 'string') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    const frame = RealtimeServerFrame.safeParse(parsed);
    // Anything else (a newer server's event) is left alone.
    if (!frame.success) return;
    clearTimeout(this.pongTimer);
    const value = frame.data;
    if (value.type === 'pong') return;
    if (value.type === 'ready') {
      const isReconnect = this.hasBeenReady;
      this.hasBeenReady = true;
      this.attempt = 0;
      this.sequence.reset(value.seq);
      this.setStatus('online');
      this.startPinging();
      if (!value.resumed) this.refetch(isReconnect);
      return;
    }
    if (value.type === 'resync') {
      this.sequence.reset(value.seq);
      this.refetch(true);
      return;
    }
    if (value.type === 'sequence') {
      this.verdict(this.sequence.accept(value.seq, null));
      return;
    }
    const key = `${value.type}:${value.id}`;
    const isNew =
      value.seq === undefined
        ? this.sequence.acceptUnnumbered(key)
        : this.verdict(this.sequence.accept(value.seq, key));
    if (!isNew) return;
    for (const handler of this.handlers.get(value.type) ?? []) handler(value as ClientEvent);
  }

  /** Whether to apply a numbered frame; asks the server for what is missing when needed. */
  private verdict(verdict: SequenceVerdict): boolean {
    if (verdict === 'resume' && this.socket?.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify({ type: 'resume', after: this.sequence.last }));
    }
    return verdict === 'apply';
  }

  private refetch(isReconnect: boolean): void {
    for (const listener of this.readyListeners) listener(isReconnect);
  }

  private startPinging(): void {
    this.stopPinging();
    this.pingTimer = setInterval(() => {
      const socket = this.socket;
      if (!socket || socket.readyState !== WebSocket.OPEN) return;
      socket.send(JSON.stringify({ type: 'ping' }));
      clearTimeout(this.pongTimer);
      // No answer: the connection is dead without knowing it (a sleeping laptop, a lost network),
      // and its close handshake would never finish either. Give it up and start a new one.
      this.pongTimer = setTimeout(() => this.abandon(socket), PONG_WAIT_MS);
    }, PING_EVERY_MS);
  }

  private abandon(socket: WebSocket): void {
    if (this.socket !== socket) return;
    socket.onclose = null;
    socket.close();
    this.socket = null;
    this.stopPinging();
    this.setStatus('offline');
    if (this.users > 0) this.scheduleRetry();
  }

  private stopPinging(): void {
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
  }
}

/** The tab's realtime connection (one socket however many components listen). */
export const realtime = new RealtimeClient();
