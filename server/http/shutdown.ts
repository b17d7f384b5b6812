import fsp from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** Whether the process is stopping (issue 18): health answers 503 "draining" from the signal on. */
export interface Lifecycle {
  isDraining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

// How often Node looks for requests past requestTimeout / headersTimeout (its default is 30 s,
// which would let a slow client outlive the limit by that much).
const CONNECTIONS_CHECK_MS = 1000;

/** The HTTP server with the configured timeouts (issue 18); Fastify's serverFactory. */
export function serverWithTimeouts(config: Config) {
  const requestTimeout = config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000;
  const headersTimeout = config.HTTP_HEADERS_TIMEOUT_SECONDS * 1000;
  return (handler: http.RequestListener): http.Server => {
    const server = http.createServer(
      {
        connectionsCheckingInterval: CONNECTIONS_CHECK_MS,
        requestTimeout,
        // Node requires headers within the whole request's limit.
        headersTimeout:
          requestTimeout > 0 ? Math.min(headersTimeout, requestTimeout) : headersTimeout,
        keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      },
      handler,
    );
    server.setTimeout(config.HTTP_CONNECTION_TIMEOUT_SECONDS * 1000);
    return server;
  };
}

/**
 * Every answer closes its connection while draining, and so does one sent before its request's
 * body had fully arrived (a refused upload: 413, 415, 401 mid-body), since the unread rest of that
 * body would otherwise be taken for the next request on the connection and hang it.
 */
export function registerConnectionHandling(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.decorate('lifecycle', lifecycle);
  app.addHook('onSend', (request, reply, payload, done) => {
    if (lifecycle.isDraining || !request.raw.complete) reply.header('connection', 'close');
    done(null, payload);
  });
}

export interface DrainOptions {
  graceMs: number;
  deadlineMs: number;
  /** Resolves when the grace period is over (a timer; tests pass their own). */
  graceOver?: Promise<void>;
  /** Closes what the app does not own (the database), after the server closed. */
  closeRest(): Promise<void>;
  exit(code: number): void;
}

/**
 * SIGTERM (issue 18): health answers 503 "draining" at once so load balancers stop sending; the
 * server keeps serving for the grace period, every answer with `Connection: close`; then it stops
 * accepting, finishes the requests in flight (idle keep-alive connections are closed), closes the
 * database and exits. Whatever a client does, the process exits by the deadline.
 */
export async function drainAndExit(app: FastifyInstance, options: DrainOptions): Promise<void> {
  app.lifecycle.isDraining = true;
  const deadline = setTimeout(() => {
    app.log.error({ deadlineMs: options.deadlineMs }, 'shutdown deadline reached; exiting');
    options.exit(1);
  }, options.deadlineMs);
  deadline.unref();
  if (options.graceMs > 0 || options.graceOver) {
    await (options.graceOver ??
      new Promise<void>((resolve) => setTimeout(resolve, options.graceMs)));
  }
  let exitCode = 0;
  // Keep-alive connections with no request in flight would otherwise be waited for until their
  // client or the keep-alive timeout closes them.
  app.server.closeIdleConnections();
  for (const [what, close] of [
    ['server', () => app.close()],
    ['database', () => options.closeRest()],
  ] as const) {
    try {
      await close();
    } catch (err) {
      app.log.error({ err }, `closing the ${what} failed`);
      exitCode = 1;
    }
  }
  clearTimeout(deadline);
  options.exit(exitCode);
}

/**
 * Removes upload temp files a killed process left behind (issue 18). With the embedded database
 * this process owns DATA_DIR (the lock), so every one goes; with a shared DATA_DIR only those
 * untouched for `olderThanMs`, so another instance's upload in progress stays.
 */
export async function removeLeftoverUploads(dir: string, olderThanMs: number): Promise<number> {
  let names: string[];
  try {
    names = await fsp.readdir(dir);
  } catch {
    return 0;
  }
  const cutoff = Date.now() - olderThanMs;
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      const stat = await fsp.stat(file);
      if (!stat.isFile() || stat.mtimeMs > cutoff) continue;
      await fsp.rm(file, { force: true });
      removed += 1;
    } catch {
      // gone meanwhile
    }
  }
  return removed;
}
