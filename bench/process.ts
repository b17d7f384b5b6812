/** Starting and stopping the measured servers as separate processes (own event loop each). */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The node options `npm start` runs the server with (its heap sizes), so the bench measures the same. */
function startScriptNodeFlags(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const flags = /\bnode ((?:--[\w-]+(?:=\S+)? )*)dist\/server\/main\.js/.exec(
    manifest.scripts.start,
  );
  if (!flags) throw new Error('package.json: "start" no longer runs node dist/server/main.js');
  return flags[1]!.split(' ').filter(Boolean);
}

/**
 * A measured server's environment: only the variables the child needs, so nothing from the
 * caller's Aura configuration leaks in; loopback on a free port, plus `extra`.
 */
export function benchServerEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', PORT: '0', ...extra };
}

/** The line Aura prints once it serves, with its address. */
export const SERVING_LINE = /^Aura is running at (http:\/\/\S+)$/;

/** A production server with no demo data and quiet logs, as the load benchmarks measure. */
export const productionServerEnv = (extra: Record<string, string | undefined>): NodeJS.ProcessEnv =>
  benchServerEnv({ NODE_ENV: 'production', SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...extra });

export interface ServerProcess {
  url: string;
  /** Every group of the matched line (`url` is the first). */
  urls: string[];
  pid: number;
  stop(): Promise<void>;
}

const children = new Set<ChildProcess>();
// Whatever happens to the benchmark (error, Ctrl-C), no server outlives it.
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => process.exit(130));
}

/**
 * Runs `node [--import tsx] <script>`, with the node options of `npm start`, and resolves once it
 * prints a line matching `urlLine` (whose first group is the URL). Its other output is passed
 * through on stderr.
 * `BENCH_NODE_ARGS` adds node options to it (profiling: `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
export function startServerProcess(
  script: string,
  env: NodeJS.ProcessEnv,
  urlLine: RegExp,
): Promise<ServerProcess> {
  const extra = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const flags = [...startScriptNodeFlags(), ...extra];
  // A built bundle (dist/) runs as it is; TypeScript sources through tsx.
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...flags, ...loader, script], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  void exited.then(() => children.delete(child));
  child.stderr!.pipe(process.stderr);

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  return new Promise((resolve, reject) => {
    let buffered = '';
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const match = urlLine.exec(line);
        if (match) {
          child.stdout!.off('data', onData);
          child.stdout!.resume(); // keep draining so the server never blocks on a full pipe
          resolve({ url: match[1]!, urls: match.slice(1), pid: child.pid!, stop });
          return;
        }
      }
    };
    child.stdout!.on('data', onData);
    void exited.then(() => reject(new Error(`${script} exited before printing its URL`)));
  });
}
