import type { FastifyInstance } from 'fastify';
import type http from 'node:http';
import net from 'node:net';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a file upload: its body may take HTTP_REQUEST_TIMEOUT_SECONDS to arrive. */
    isUpload?: boolean;
  }
}

/**
 * Loopback connections are not one client: a reverse proxy on the same machine and the benchmark
 * (100 connections) connect from there, so a cap would limit the whole site (or the benchmark).
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (net.isIPv4(v4)) return v4.startsWith('127.');
  return address === '::1';
}

export interface ConnectionCap {
  /** Connections one address may hold open at once; 0: no cap. */
  max: number;
  /** Addresses the cap does not count (default: loopback). */
  isExempt?(address: string | undefined): boolean;
}

/**
 * The cap per client address from the configuration. Behind a proxy (TRUST_PROXY) every socket
 * comes from the proxy, so the cap is off there: the proxy limits its clients.
 */
export const connectionCapOf = (config: Config): ConnectionCap => ({
  max: config.TRUST_PROXY ? 0 : config.HTTP_MAX_CONNECTIONS_PER_ADDRESS,
});

/**
 * Closes each connection past `cap.max` open ones from the same address at once, before it can
 * send a request: one address held 3,000 sockets open with slow bodies.
 */
export function limitConnectionsPerAddress(server: http.Server, cap: ConnectionCap): void {
  if (cap.max <= 0) return;
  const isExempt = cap.isExempt ?? isLoopback;
  const open = new Map<string, number>();
  server.on('connection', (socket: net.Socket) => {
    const address = socket.remoteAddress;
    if (!address || isExempt(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > cap.max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

// What Node itself sends when a request outlives HTTP_REQUEST_TIMEOUT_SECONDS.
const REQUEST_TIMEOUT_ANSWER = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n';

/**
 * A request announces a body by its length or chunked encoding; one without either has none
 * (a WebSocket upgrade among them, whose connection must not be cut as a slow body).
 */
const hasBody = (raw: http.IncomingMessage) =>
  raw.headers['transfer-encoding'] !== undefined ||
  (raw.headers['content-length'] !== undefined && raw.headers['content-length'] !== '0');

/**
 * A body that is not an upload's must arrive within `ms` (408 and the connection closed
 * otherwise, as Node does at HTTP_REQUEST_TIMEOUT_SECONDS): a JSON body trickling in held its
 * connection for the 300 s uploads need. Routes marked `config.isUpload` keep the long limit.
 */
export function limitBodyTime(app: FastifyInstance, ms: number): void {
  if (ms <= 0) return;
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    if (raw.complete || !hasBody(raw) || request.routeOptions.config.isUpload) {
      done();
      return;
    }
    const timer = setTimeout(() => {
      const socket = raw.socket;
      // An injected request (tests, app.inject) has a stand-in socket that is neither a net.Socket
      // nor ever slow; its body may also stay unread when a route answers early.
      if (raw.complete || !(socket instanceof net.Socket)) return;
      if (reply.raw.headersSent) socket.destroy();
      else socket.end(REQUEST_TIMEOUT_ANSWER, () => socket.destroy());
    }, ms);
    timer.unref();
    raw.once('end', () => clearTimeout(timer));
    raw.once('close', () => clearTimeout(timer));
    done();
  });
}
