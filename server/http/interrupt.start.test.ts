/**
 * Ctrl-C on an idle server (SIGINT) drains only what is in flight: no grace period, which is
 * for load balancers after SIGTERM (shutdown.test.ts covers the draining itself).
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  killIfRunning,
  removeTempDataDirs,
  startServer,
  tempDataDir,
  type RunningProcess,
} from '../test/durability-process';

let proc: RunningProcess | undefined;
afterEach(() => killIfRunning(proc));
afterAll(removeTempDataDirs);

/** Generous for a loaded machine; the grace period alone (5 s) plus closing went past it. */
const PROMPT_EXIT_MS = 5_000;

describe('Ctrl-C on an idle server', () => {
  it('exits 0 without waiting out the grace period', async () => {
    const server = await startServer(
      tempDataDir('interrupt'),
      {
        SHUTDOWN_GRACE_SECONDS: '5',
        SHUTDOWN_DEADLINE_SECONDS: '60',
      },
      150_000,
    );
    proc = server;
    // A keep-alive connection left open by a browser must not hold the exit either.
    const health = await fetch(`${server.url}/api/v1/health`);
    expect(health.status).toBe(200);
    await health.arrayBuffer();

    server.child.kill('SIGINT');
    const outcome = await Promise.race([
      server.exited,
      new Promise<'still running'>((resolve) =>
        setTimeout(() => resolve('still running'), PROMPT_EXIT_MS).unref(),
      ),
    ]);
    expect(outcome).toEqual({ code: 0, signal: null });
  }, 240_000);
});
