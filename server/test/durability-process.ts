/**
 * Spawning real server processes for the process-level tests (lock, signals, SIGKILL, config).
 * Nothing here sleeps: callers wait for a line on stdout or for the process to exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigEnv } from '../config';
import { embeddedDatabaseDir, openDatabase, type Database } from '../db/client';
import { acquireDataDirLock } from '../db/lock';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface RunningProcess {
  child: ChildProcess;
  pid: number;
  /** Every complete stdout line so far (keeps growing until the process exits). */
  lines: string[];
  stderr(): string;
  /** Resolves once `isDone(lines)` holds; rejects if the process exits first or on timeout. */
  waitUntil(isDone: (lines: string[]) => boolean, what: string, timeoutMs?: number): Promise<void>;
  /** Resolves with the first stdout line matching, rejects if the process exits first. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Resolves once the process has exited and its output is fully read. */
  exited: Promise<Exit>;
}

/**
 * The child sees no configuration from the test run (no DATABASE_URL, no TEST_DATABASE_URL,
 * no JWT_SECRET): these tests are about the embedded default, whatever database the API tests use.
 */
export function childEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(ConfigEnv.shape)) delete env[key];
  delete env.TEST_DATABASE_URL;
  return { ...env, NODE_ENV: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...overrides };
}

/** Starts `node --import tsx <script>` from the repository root. */
export function startTs(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
): RunningProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let pending = '';
  let errText = '';
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((w) => w());

  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    pending += chunk;
    const parts = pending.split('\n');
    pending = parts.pop() ?? '';
    lines.push(...parts);
    notify();
  });
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    errText += chunk;
  });

  let hasExited = false;
  const exited = new Promise<Exit>((resolve) => {
    child.on('close', (code, signal) => {
      if (pending) lines.push(pending);
      hasExited = true;
      notify();
      resolve({ code, signal });
    });
  });

  function waitUntil(
    isDone: (lines: string[]) => boolean,
    what: string,
    timeoutMs = 60_000,
  ): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        waiters.delete(check);
        settle();
      };
      const check = () => {
        if (isDone(lines)) finish(resolve);
        else if (hasExited) {
          const output = `${lines.join('\n')}\n${errText}`;
          finish(() => reject(new Error(`exited before ${what}:\n${output}`)));
        }
      };
      const timer = setTimeout(
        () => finish(() => reject(new Error(`no ${what} within ${timeoutMs} ms`))),
        timeoutMs,
      );
      waiters.add(check);
      check();
    });
  }

  return {
    child,
    pid: child.pid!,
    lines,
    stderr: () => errText,
    exited,
    waitUntil,
    async waitForLine(pattern, timeoutMs) {
      await waitUntil((all) => all.some((l) => pattern.test(l)), `a line ${pattern}`, timeoutMs);
      return lines.find((l) => pattern.test(l))!;
    },
  };
}

export const MAIN = 'server/main.ts';
export const RUNNING_LINE = /^Aura is running at (http:\/\/\S+)$/;

/** Starts the real server on an OS-chosen port and waits until it prints its URL. */
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
  timeoutMs?: number,
): Promise<RunningProcess & { url: string }> {
  const proc = startTs(MAIN, { PORT: '0', DATA_DIR: dataDir, ...env });
  const line = await proc.waitForLine(RUNNING_LINE, timeoutMs);
  return { ...proc, url: RUNNING_LINE.exec(line)![1]! };
}

const tempDirs: string[] = [];

export function tempDataDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `aura-${label}-`));
  tempDirs.push(dir);
  return dir;
}

/** For afterAll: removes the data directories this test file created. */
export function removeTempDataDirs(): void {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** Kills whatever is still running after a failed test, so no process outlives the run. */
export function killIfRunning(...procs: (RunningProcess | undefined)[]): void {
  for (const p of procs) {
    if (p && p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  }
}

/**
 * Opens the embedded database in this process, as its owner (taking over a stale lock like a
 * server start would), for checks between server runs.
 */
export async function withEmbeddedDatabase<T>(
  dataDir: string,
  use: (db: Database) => Promise<T>,
): Promise<T> {
  const unlock = acquireDataDirLock(dataDir);
  try {
    const handle = await openDatabase({ kind: 'pglite', dataDir: embeddedDatabaseDir(dataDir) });
    try {
      return await use(handle.db);
    } finally {
      await handle.close();
    }
  } finally {
    unlock();
  }
}
