/**
 * `npm run bench`: the hot paths against their minimal implementations on both databases
 * (bench/hot/run.ts, issue 17; docs/performance.md). Every run writes what it measured to
 * bench/results/<YYYY-MM-DD>-<short commit>.md (bench/report.ts), or under BENCH_RESULTS_DIR.
 *
 * `npm run bench -- <scenario> ...`: load benchmarks on loopback. Every scenario gets a fresh
 * embedded database and its own server process; a bare Fastify process is measured first in the
 * same run so each scenario also reads as a ratio of it. Not part of `npm test`.
 *
 *   BENCH_SECONDS       measured seconds per scenario (default 10)
 *   BENCH_CONNECTIONS   concurrent connections (default 10)
 *
 * Benchmarks of another shape (not requests per second) run on their own: `pages` runs
 * Lighthouse on the first pages a visitor meets (bench/pages.ts), `messages` measures realtime
 * delivery across two instances (bench/messages.ts), `restart` times `npm start` to its first
 * page with and without a rebuild (bench/restart.ts), `newsletter` times a new item's mails to
 * 10,000 followers over SMTP (bench/newsletter.ts).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { embeddedDatabaseDir, openDatabase } from '../server/db/client';
import { acquireDataDirLock } from '../server/db/lock';
import { measure, type Measurement, type MeasureOptions } from './measure';
import {
  benchReport,
  benchSettings,
  gitCommit,
  machineNow,
  writeReport,
  type ResultTable,
} from './report';
import { runHotPathBenchmark } from './hot/run';
import { runMessagesBenchmark } from './messages';
import { runNewsletterBenchmark } from './newsletter';
import { runPagesBenchmark } from './pages';
import { runRestartBenchmark } from './restart';
import { benchServerEnv, repoRoot, SERVING_LINE, startServerProcess } from './process';
import { scenarios } from './scenarios/index';
import type { Scenario } from './scenarios/types';
import { positiveInt } from './env';

/** Benchmarks that measure something other than requests per second, each with its own runner. */
const standalone: { name: string; run(): Promise<boolean> }[] = [
  { name: 'hot', run: runHotPathBenchmark },
  { name: 'pages', run: runPagesBenchmark },
  { name: 'messages', run: runMessagesBenchmark },
  { name: 'restart', run: runRestartBenchmark },
  { name: 'newsletter', run: runNewsletterBenchmark },
];

function pick(names: string[]): Scenario[] {
  if (names.length === 0) return scenarios;
  const picked = names.flatMap((name) => {
    const found = scenarios.filter((s) => s.name === name || s.group === name);
    if (found.length === 0) {
      const known = [
        ...new Set(scenarios.flatMap((s) => (s.group ? [s.group, s.name] : [s.name]))),
        ...standalone.map((s) => s.name),
      ];
      throw new Error(`Unknown scenario "${name}". Known: ${known.join(', ')}`);
    }
    return found;
  });
  return [...new Set(picked)];
}

async function seedDatabase(dataDir: string, scenario: Scenario): Promise<void> {
  if (!scenario.seedDatabase) return;
  const unlock = acquireDataDirLock(dataDir);
  try {
    const handle = await openDatabase({ kind: 'pglite', dataDir: embeddedDatabaseDir(dataDir) });
    try {
      await scenario.seedDatabase(handle.db);
    } finally {
      await handle.close();
    }
  } finally {
    unlock();
  }
}

async function runScenario(scenario: Scenario, opts: MeasureOptions): Promise<Measurement> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `aura-bench-${scenario.name}-`));
  try {
    await seedDatabase(dataDir, scenario);
    const server = await startServerProcess(
      'server/main.ts',
      benchServerEnv({
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        JWT_SECRET: randomBytes(32).toString('hex'),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        ...scenario.env,
      }),
      SERVING_LINE,
    );
    try {
      const load = await scenario.prepare({ url: server.url });
      return await measure(server.url, load, opts);
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function runBaseline(opts: MeasureOptions): Promise<Measurement> {
  const bare = await startServerProcess(
    'bench/bare-server.ts',
    benchServerEnv({}),
    /^Bare server running at (http:\/\/\S+)$/,
  );
  try {
    return await measure(bare.url, { path: '/health' }, opts);
  } finally {
    await bare.stop();
  }
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function row(cells: string[]): string {
  const widths = [14, 10, 9, 9, 8, 9];
  return cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' ');
}

const COLUMNS = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'vs bare', 'failures'];

function printRow(table: ResultTable, name: string, m: Measurement, baseline: Measurement): void {
  const cells = [
    name,
    fmt(m.requestsPerSecond),
    fmt(m.p50Ms, 2),
    fmt(m.p99Ms, 2),
    fmt(m.requestsPerSecond / baseline.requestsPerSecond, 2),
    fmt(m.failures),
  ];
  console.log(row(cells));
  table.rows.push(cells);
}

/** Scenarios that name a counterpart: how much more one request costs than the counterpart's. */
function printComparisons(selected: Scenario[], results: Map<string, Measurement>): void {
  for (const scenario of selected) {
    const compare = scenario.compareWith;
    const own = results.get(scenario.name);
    const other = compare && results.get(compare.scenario);
    if (!compare || !own || !other) continue;
    const costRatio = other.requestsPerSecond / own.requestsPerSecond;
    const p99Ratio = own.p99Ms / other.p99Ms;
    const pass = costRatio <= compare.maxCostRatio;
    console.log(
      `\n${scenario.name} vs ${compare.scenario}: cost per request x${fmt(costRatio, 2)}, ` +
        `p99 x${fmt(p99Ratio, 2)} (${pass ? 'within' : 'OVER'} the x${fmt(compare.maxCostRatio, 2)} target)`,
    );
    benchReport.target({
      target: `${scenario.name}: cost per request <= ${fmt(compare.maxCostRatio, 2)}x ${compare.scenario}`,
      value: `${fmt(costRatio, 2)}x (p99 ${fmt(p99Ratio, 2)}x)`,
      pass,
    });
  }
}

async function main(): Promise<void> {
  const started = new Date();
  const machine = machineNow();
  let error: string | undefined;
  try {
    await runBenchmarks();
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
    throw err;
  } finally {
    writeResults(started, machine, error);
  }
}

/** The run's results file; nothing when nothing was measured (e.g. a bad scenario name). */
function writeResults(started: Date, machine: ReturnType<typeof machineNow>, error?: string): void {
  if (benchReport.isEmpty) return;
  const dir = process.env.BENCH_RESULTS_DIR || path.join(repoRoot, 'bench', 'results');
  const file = writeReport(dir, benchReport, {
    started,
    ...gitCommit(repoRoot),
    args: process.argv.slice(2),
    settings: benchSettings(process.env),
    machine,
    loadAverageAtEnd: os.loadavg(),
    error,
  });
  const shown = path.relative(process.cwd(), file);
  console.log(`\nResults written to ${shown.startsWith('..') ? file : shown}`);
}

async function runBenchmarks(): Promise<void> {
  // With no names: the hot paths against their minimal implementations (issue 17).
  const names = process.argv.length > 2 ? process.argv.slice(2) : ['hot'];
  const own = standalone.filter((s) => names.length === 0 || names.includes(s.name));
  const loadNames = names.filter((name) => !standalone.some((s) => s.name === name));
  if (names.length === 0 || loadNames.length > 0) await runLoadScenarios(pick(loadNames));
  for (const benchmark of own) {
    console.log('');
    if (!(await benchmark.run())) process.exitCode = 1;
  }
}

async function runLoadScenarios(selected: Scenario[]): Promise<void> {
  const opts: MeasureOptions = {
    seconds: positiveInt('BENCH_SECONDS', 10),
    connections: positiveInt('BENCH_CONNECTIONS', 10),
  };
  console.log(
    `Aura benchmarks: ${opts.seconds} s per scenario, ${opts.connections} connections, ` +
      `loopback, Node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'} x${os.cpus().length}`,
  );
  for (const s of selected) {
    console.log(`  ${s.name}: ${s.description}`);
    benchReport.note(`${s.name}: ${s.description}`);
  }
  console.log('');

  const baseline = await runBaseline(opts);
  const table = benchReport.table(
    `Load scenarios: ${opts.seconds} s each, ${opts.connections} connections`,
    COLUMNS,
  );
  console.log(row(COLUMNS));
  printRow(table, 'bare fastify', baseline, baseline);
  let hasFailures = baseline.failures > 0;
  const results = new Map<string, Measurement>();
  for (const scenario of selected) {
    const result = await runScenario(scenario, opts);
    printRow(table, scenario.name, result, baseline);
    results.set(scenario.name, result);
    hasFailures ||= result.failures > 0;
  }
  printComparisons(selected, results);
  if (hasFailures) {
    benchReport.note(
      'Some requests failed (errors, timeouts or non-2xx answers): numbers are not valid.',
    );
    console.error(
      '\nSome requests failed (errors, timeouts or non-2xx answers): numbers are not valid.',
    );
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
