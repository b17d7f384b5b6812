import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { WebSocket, type ClientOptions } from 'ws';
import {
  BEARER_PROTOCOL_PREFIX,
  REALTIME_PROTOCOL,
  RealtimeServerFrame,
  type ClientEventMap,
  type ClientEventName,
} from '../../common/realtime';
import type { TestApp } from '../test/app';

/**
 * A WebSocket client for the realtime tests, speaking the protocol the web app speaks: it
 * collects every frame and lets a test wait for a condition (never for a fixed time).
 */
export class TestSocket {
  readonly frames: RealtimeServerFrame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(RealtimeServerFrame.parse(JSON.parse(data.toString())));
      this.wake();
    });
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        this.wake();
      });
    });
    ws.on('error', () => {});
  }

  /** Connects to `/api/v1/realtime` (plus `query`), optionally offering subprotocols. */
  static async connect(
    baseUrl: string,
    options: { protocols?: string[]; query?: string; ws?: ClientOptions } = {},
  ): Promise<TestSocket> {
    const url = `${baseUrl.replace(/^http/, 'ws')}/api/v1/realtime${options.query ?? ''}`;
    const ws = new WebSocket(url, options.protocols ?? [], options.ws);
    const socket = new TestSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) =>
        reject(new Error(`upgrade refused with ${res.statusCode}`)),
      );
    });
    return socket;
  }

  /** Connects and authenticates with the token in the first frame; resolves once ready. */
  static async signedIn(baseUrl: string, token: string, ws?: ClientOptions): Promise<TestSocket> {
    const socket = await TestSocket.connect(baseUrl, { ws });
    socket.send({ type: 'auth', token });
    await socket.waitFor((f) => f.type === 'ready');
    return socket;
  }

  /** Authenticates through the subprotocols `aura.v1` and `bearer.<token>`. */
  static bearerProtocols(token: string): string[] {
    return [REALTIME_PROTOCOL, `${BEARER_PROTOCOL_PREFIX}${token}`];
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  private wake(): void {
    const waiting = this.waiters;
    this.waiters = [];
    for (const wake of waiting) wake();
  }

  /** The first frame (from `from` on) that matches, waiting for it up to `timeoutMs`. */
  async waitFor<F extends RealtimeServerFrame>(
    matches: (frame: RealtimeServerFrame) => frame is F,
    timeoutMs?: number,
    from?: number,
  ): Promise<F>;
  async waitFor(
    matches: (frame: RealtimeServerFrame) => boolean,
    timeoutMs?: number,
    from?: number,
  ): Promise<RealtimeServerFrame>;
  async waitFor(
    matches: (frame: RealtimeServerFrame) => boolean,
    timeoutMs = 5000,
    from = 0,
  ): Promise<RealtimeServerFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.slice(from).find(matches);
      if (found) return found;
      if (this.ws.readyState === this.ws.CLOSED) {
        throw new Error(`socket closed while waiting; frames: ${JSON.stringify(this.frames)}`);
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`no matching frame within ${timeoutMs} ms: ${JSON.stringify(this.frames)}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The close code, waiting for the server to close the socket up to `timeoutMs`. */
  async closeCode(timeoutMs = 5000): Promise<number> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`still open after ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return (await Promise.race([this.closed, timeout])).code;
    } finally {
      clearTimeout(timer);
    }
  }

  close(): void {
    this.ws.terminate();
  }
}

/** Starts the app on a free loopback port; resolves to its base URL. */
export async function listen(t: TestApp): Promise<string> {
  return t.app.listen({ port: 0, host: '127.0.0.1' });
}

/** A predicate for `waitFor`: a client event of `type` whose data passes `where`. */
export const eventOf =
  <K extends ClientEventName>(type: K, where: (data: ClientEventMap[K]) => boolean = () => true) =>
  (frame: RealtimeServerFrame): frame is Extract<RealtimeServerFrame, { type: K }> =>
    frame.type === type && where((frame as unknown as { data: ClientEventMap[K] }).data);

/**
 * A client that completes the handshake (authenticated through the subprotocol) and then never
 * reads another byte: what a stuck phone on a bad network looks like to the server. (The `ws`
 * client cannot play this part: it resumes reading on its own.)
 */
export async function connectUnreadSocket(baseUrl: string, token: string): Promise<net.Socket> {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  socket.on('error', () => {});
  socket.write(
    [
      'GET /api/v1/realtime HTTP/1.1',
      `Host: ${hostname}:${port}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      `Sec-WebSocket-Protocol: ${TestSocket.bearerProtocols(token).join(', ')}`,
      '',
      '',
    ].join('\r\n'),
  );
  await new Promise<void>((resolve, reject) => {
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      socket.pause();
      if (head.startsWith('HTTP/1.1 101')) resolve();
      else reject(new Error(`upgrade refused: ${head.split('\r\n')[0]}`));
    };
    socket.on('data', onData);
  });
  return socket;
}
