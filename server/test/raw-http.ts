import net from 'node:net';
import type { TestApp } from './app';

/*
 * Raw HTTP clients for tests of connection handling (timeouts, draining, limits): the app listens
 * on a real port and each client is a plain socket, so a test controls every byte it sends.
 */

/** A raw client: what it received so far, and a promise for the socket's end. */
export function rawClient(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  const waiters = new Set<() => void>();
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
    waiters.forEach((w) => w());
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => {});
  closed.then(() => waiters.forEach((w) => w()));
  return {
    socket,
    closed,
    text: () => received,
    /** Resolves once `count` complete answers (status lines) arrived, or the socket closed. */
    answers(count: number): Promise<string[]> {
      return new Promise((resolve) => {
        const check = () => {
          const lines = received.match(/^HTTP\/1\.1 \d{3}.*$/gm) ?? [];
          if (lines.length >= count || socket.destroyed || socket.readyState === 'closed') {
            waiters.delete(check);
            resolve(lines);
          }
        };
        waiters.add(check);
        check();
      });
    },
  };
}

export const get = (path: string) =>
  `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n`;

export async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}
