import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { RealtimeServerFrame } from '../../common/realtime';
import { MAX_BUFFERED_BYTES, RealtimeConnection } from './connection';
import { connectUnreadSocket } from './test-client';

/*
 * Backpressure on real sockets (issue 11): a client that stops reading is dropped once what
 * waits for it passes MAX_BUFFERED_BYTES; the server never holds more for it than that.
 */

let server: WebSocketServer;
let url: string;
const accepted: WebSocket[] = [];
beforeAll(async () => {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1', handleProtocols: () => 'aura.v1' });
  server.on('connection', (socket) => accepted.push(socket));
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      for (const socket of server.clients) socket.terminate();
      server.close(() => resolve());
    }),
);

const bigFrame = (n: number): RealtimeServerFrame => ({
  type: 'message.created',
  id: String(n),
  at: new Date(0).toISOString(),
  data: {
    peerId: 'peer',
    message: {
      id: String(n),
      text: 'x'.repeat(2000),
      sender: 'peer',
      timestamp: new Date(0).toISOString(),
      clientId: null,
    },
  },
});

describe('RealtimeConnection.send', () => {
  it('drops a socket that stops reading instead of buffering for it without bound', async () => {
    const stuck = await connectUnreadSocket(url, 'unused');
    const socket = accepted.at(-1)!;
    const connection = new RealtimeConnection(socket, Date.now());
    let outcome: ReturnType<RealtimeConnection['send']> = 'sent';
    let sent = 0;
    let mostBuffered = 0;
    // Far more than any kernel buffer takes (about 200 MB): the drop must come first.
    while (outcome === 'sent' && sent < 100_000) {
      outcome = connection.send(bigFrame(sent));
      sent += 1;
      mostBuffered = Math.max(mostBuffered, socket.bufferedAmount);
    }
    expect(outcome).toBe('dropped');
    expect(mostBuffered).toBeLessThanOrEqual(MAX_BUFFERED_BYTES);
    expect(connection.send(bigFrame(sent))).toBe('closed');
    stuck.destroy();
  });

  it('keeps sending to a client that reads', async () => {
    const reader = new WebSocket(url.replace('http', 'ws'), ['aura.v1']);
    let received = 0;
    reader.on('message', () => (received += 1));
    await new Promise<void>((resolve) => reader.once('open', () => resolve()));
    const socket = accepted.at(-1)!;
    const connection = new RealtimeConnection(socket, Date.now());
    for (let i = 0; i < 200; i += 1) expect(connection.send(bigFrame(i))).toBe('sent');
    while (received < 200) await new Promise((resolve) => reader.once('message', resolve));
    reader.terminate();
  });
});
