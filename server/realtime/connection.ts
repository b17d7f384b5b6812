import type { WebSocket } from 'ws';
import { REALTIME_CLOSE, type RealtimeServerFrame } from '../../common/realtime';
import { TokenBucket } from './rate-limiter';
import type { SocketSession } from './sessions';

/** Bytes a socket may have waiting to be sent; beyond it the client is too slow and is dropped. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Frames a client may send at once, and per second after that (it only needs auth and pings). */
const FRAME_BURST = 20;
const FRAMES_PER_SECOND = 1;

/**
 * One open socket: who it belongs to once authenticated, whether it answered the last ping,
 * and the two limits that protect the server from it: what it may send us (a token bucket) and
 * what may wait for it (a bounded send buffer).
 */
export class RealtimeConnection {
  session: SocketSession | null = null;
  /** Its token is being checked (a second auth frame meanwhile is ignored). */
  isAuthenticating = false;
  /** The last sequence number this socket was sent (or started after). */
  seq = 0;
  isAlive = true;
  private readonly frames: TokenBucket;

  constructor(
    readonly socket: WebSocket,
    readonly openedAt: number,
  ) {
    this.frames = new TokenBucket(FRAME_BURST, FRAMES_PER_SECOND, openedAt);
  }

  get isOpen(): boolean {
    return this.socket.readyState === this.socket.OPEN;
  }

  /** Whether another frame from the client is within its limit. */
  mayReceive(now: number): boolean {
    return this.frames.take(now);
  }

  /**
   * Sends one frame, unless the socket is not keeping up: a client that lets more than
   * MAX_BUFFERED_BYTES pile up is cut off at once (its data is never buffered without bound;
   * it reconnects and catches up over HTTP).
   */
  send(frame: RealtimeServerFrame): 'sent' | 'closed' | 'dropped' {
    if (!this.isOpen) return 'closed';
    const data = JSON.stringify(frame);
    if (this.socket.bufferedAmount + Buffer.byteLength(data) > MAX_BUFFERED_BYTES) {
      this.socket.terminate();
      return 'dropped';
    }
    this.socket.send(data);
    return 'sent';
  }

  close(code: number, reason: string): void {
    if (this.socket.readyState === this.socket.CLOSED) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.socket.terminate();
      return;
    }
    this.socket.close(code, reason);
    // A client that never answers the close handshake is not waited for.
    setTimeout(() => this.socket.terminate(), 2000).unref();
  }

  endSession(): void {
    this.close(REALTIME_CLOSE.sessionEnded, 'Session ended');
  }
}
