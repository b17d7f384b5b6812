/**
 * `npm run bench -- restart` (issue 41): how long `npm start` takes to serve its first page, the
 * way a person runs it. It works on a scratch copy of the working tree (its files, not git's
 * commit; node_modules linked, no dist/), so the measured edit never touches the real tree:
 *
 *   1. a first start: no build yet and an empty data directory (build, migrations, demo seed);
 *   2. `BENCH_RESTART_RUNS` restarts with nothing changed, which must not build again;
 *   3. a restart after a source change (a comment appended to server/main.ts), which must.
 *
 * Each sample is the time from spawning `npm start` to the end of the answer to `GET /`, asked as
 * soon as the server prints its address. Each start reads what the previous one left, so they
 * run in this order; the server is stopped with SIGINT (an idle server exits at once) between.
 *
 *   BENCH_RESTART_RUNS   restarts with no change, judged by their median (default 3)
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { positiveInt } from './env';
import { percentile } from './percentile';
import { benchServerEnv, repoRoot } from './process';
import { benchReport } from './report';

/** The bounds: a restart with nothing changed, and a first start on 2 cores. */
const RESTART_TARGET_MS = 5_000;
const FIRST_START_TARGET_MS = 60_000;
const UP_TO_DATE = /build is up to date with its sources/;
const SERVING = /^Aura is running at http:\/\/localhost:(\d+)$/;
/** The file the source-change step edits: any build input would do. */
const EDITED = 'server/main.ts';

interface Start {
  ms: number;
  /** Whether `npm start` built before serving. */
  built: boolean;
  /** When it found the build up to date (no build): the share of `ms` spent on hashing the sources. */
  checkedMs: number | null;
}

/** The working tree's files (tracked and new, not ignored) copied under a scratch directory. */
function scratchCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aura-bench-restart-'));
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: repoRoot, encoding: 'utf8' },
  )
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    const from = path.join(repoRoot, file);
    // Deleted in the working tree but still in the index.
    if (!fs.existsSync(from)) continue;
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(from, path.join(dir, file));
  }
  fs.symlinkSync(
    fs.realpathSync(path.join(repoRoot, 'node_modules')),
    path.join(dir, 'node_modules'),
  );
  return dir;
}

/** `npm start` in `dir` until `GET /` has answered with the app's page, then SIGINT. */
async function timeStart(dir: string): Promise<Start> {
  const started = performance.now();
  // Its own process group: npm runs a shell that runs node, and all of them must stop.
  const child = spawn('npm', ['start'], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: benchServerEnv({ DATA_DIR: path.join(dir, 'data') }),
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const tail: string[] = [];
  let built = true;
  let checkedMs: number | null = null;
  const stopGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  const onExit = () => stopGroup('SIGKILL');
  process.on('exit', onExit);
  try {
    const port = await new Promise<string>((resolve, reject) => {
      let buffered = '';
      const onData = (chunk: Buffer) => {
        buffered += chunk.toString('utf8');
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) {
          tail.push(line);
          if (tail.length > 30) tail.shift();
          if (UP_TO_DATE.test(line)) {
            built = false;
            checkedMs = performance.now() - started;
          }
          const match = SERVING.exec(line.trim());
          if (match) resolve(match[1]!);
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      void exited.then((code) =>
        reject(new Error(`npm start exited (${code}) before serving:\n${tail.join('\n')}`)),
      );
    });
    const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { accept: 'text/html' } });
    const body = await res.text();
    const ms = performance.now() - started;
    if (res.status !== 200 || !body.includes('<div id="root"')) {
      throw new Error(`GET / answered ${res.status} without the app's page`);
    }
    return { ms, built, checkedMs };
  } finally {
    stopGroup('SIGINT');
    const timer = setTimeout(() => stopGroup('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
    process.off('exit', onExit);
  }
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

export async function runRestartBenchmark(): Promise<boolean> {
  const runs = positiveInt('BENCH_RESTART_RUNS', 3);
  console.log(
    `Restart benchmark: npm start to its first page on a scratch copy of the working tree ` +
      `(a first start, ${runs} restart(s) with no change, one after a source change)`,
  );
  const dir = scratchCopy();
  try {
    const first = await timeStart(dir);
    console.log(`  first start (build, migrations, demo seed): ${seconds(first.ms)} s`);
    const unchanged: Start[] = [];
    for (let n = 0; n < runs; n += 1) {
      const start = await timeStart(dir);
      const check =
        start.checkedMs === null
          ? ' (BUILT)'
          : `, ${seconds(start.checkedMs)} s of it the source check`;
      console.log(`  restart, no change: ${seconds(start.ms)} s${check}`);
      unchanged.push(start);
    }
    fs.appendFileSync(path.join(dir, EDITED), `\n// bench: a source change\n`);
    const changed = await timeStart(dir);
    console.log(
      `  restart after a source change: ${seconds(changed.ms)} s${changed.built ? '' : ' (NOT BUILT)'}`,
    );

    const median = percentile(
      unchanged.map((s) => s.ms),
      50,
    );
    const table = benchReport.table('Restart: npm start to its first page (GET /)', [
      'start',
      'built',
      'samples s',
      'median s',
      'of which the source check s',
    ]);
    const median50 = (values: number[]) => seconds(percentile(values, 50));
    const row = (name: string, starts: Start[]) => {
      const checks = starts.flatMap((s) => (s.checkedMs === null ? [] : [s.checkedMs]));
      table.rows.push([
        name,
        starts.every((s) => s.built) ? 'yes' : starts.some((s) => s.built) ? 'some' : 'no',
        starts.map((s) => seconds(s.ms)).join(', '),
        median50(starts.map((s) => s.ms)),
        checks.length > 0 ? median50(checks) : '-',
      ]);
    };
    row('first start (empty data directory, no dist/)', [first]);
    row('restart, no change', unchanged);
    row(`restart after a change to ${EDITED}`, [changed]);

    // A restart that built (or a change that did not) measures something else: say so, fail.
    const skipsWhenUnchanged = unchanged.every((s) => !s.built) && first.built && changed.built;
    const verdicts = [
      {
        target: 'npm start builds only when the sources changed',
        value: skipsWhenUnchanged ? 'yes' : 'no',
        pass: skipsWhenUnchanged,
      },
      {
        target: `restart with no change at most ${seconds(RESTART_TARGET_MS)} s to the first page`,
        value: `median ${seconds(median)} s of ${runs}`,
        pass: median <= RESTART_TARGET_MS,
      },
      {
        target: `first start at most ${seconds(FIRST_START_TARGET_MS)} s to the first page`,
        value: `${seconds(first.ms)} s`,
        pass: first.ms <= FIRST_START_TARGET_MS,
      },
    ];
    for (const v of verdicts) {
      benchReport.target(v);
      console.log(`  ${v.pass ? 'pass' : 'FAIL'}  ${v.target}: ${v.value}`);
    }
    benchReport.note(
      `restart: rebuild after a source change ${seconds(changed.ms)} s against ` +
        `${seconds(median)} s without one (${(changed.ms / median).toFixed(1)}x)`,
    );
    return verdicts.every((v) => v.pass);
  } finally {
    fs.unlinkSync(path.join(dir, 'node_modules'));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
