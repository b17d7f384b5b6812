/**
 * The results file of a benchmark run, `bench/results/<YYYY-MM-DD>-<short commit>.md`: what was
 * measured, on which machine and commit, the figures and every target as pass or FAIL. Figures
 * live in these files, written by the benchmark itself, never typed into the docs.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Verdict {
  target: string;
  value: string;
  pass: boolean;
}

export interface ResultTable {
  title: string;
  columns: string[];
  rows: string[][];
}

export interface Machine {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  node: string;
  os: string;
  loadAverage: number[];
}

/** Where the run came from: its start, the commit measured and the command's arguments. */
export interface RunInfo {
  started: Date;
  commit: string;
  /** The working tree differed from the commit (tracked files only). */
  dirty: boolean;
  args: string[];
  /** The BENCH_* variables in effect, credentials of URLs removed. */
  settings: Record<string, string>;
  machine: Machine;
  /** The load average when the run ended. */
  loadAverageAtEnd: number[];
  /** Set when the run stopped on an error: what was recorded before it is still written. */
  error?: string;
}

/** What the benchmarks of one run record as they go; `benchReport` is the run's own. */
export class BenchReport {
  readonly tables: ResultTable[] = [];
  readonly notes: string[] = [];
  readonly targets: Verdict[] = [];

  /** A table; rows are added to the returned one as they are measured. */
  table(title: string, columns: string[]): ResultTable {
    const table = { title, columns, rows: [] };
    this.tables.push(table);
    return table;
  }

  note(text: string): void {
    this.notes.push(text);
  }

  target(verdict: Verdict): void {
    this.targets.push(verdict);
  }

  get isEmpty(): boolean {
    return this.tables.length === 0 && this.notes.length === 0 && this.targets.length === 0;
  }
}

export const benchReport = new BenchReport();

export function machineNow(): Machine {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown CPU',
    cores: cpus.length,
    memoryGiB: os.totalmem() / 2 ** 30,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    loadAverage: os.loadavg(),
  };
}

/** The short commit of `cwd` and whether tracked files differ from it ('unknown' without git). */
export function gitCommit(cwd: string): { commit: string; dirty: boolean } {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const commit = git('rev-parse', '--short', 'HEAD').trim();
    const dirty = git('status', '--porcelain', '--untracked-files=no').trim() !== '';
    return { commit, dirty };
  } catch {
    return { commit: 'unknown', dirty: false };
  }
}

/** A URL without its user name and password; any other text as it is. */
function withoutCredentials(value: string): string {
  try {
    const url = new URL(value);
    if (!url.username && !url.password) return value;
    url.username = '';
    url.password = '';
    return url.toString();
  } catch {
    return value;
  }
}

/** The BENCH_* variables of `env` (and whether a test database is named), safe to publish. */
export function benchSettings(env: NodeJS.ProcessEnv): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const name of Object.keys(env).sort()) {
    const value = env[name];
    if (name.startsWith('BENCH_') && value) settings[name] = withoutCredentials(value);
  }
  if (env.TEST_DATABASE_URL) settings.TEST_DATABASE_URL = withoutCredentials(env.TEST_DATABASE_URL);
  return settings;
}

/** `<YYYY-MM-DD>-<commit>.md`, the date in UTC. */
export function resultFileName(started: Date, commit: string): string {
  return `${started.toISOString().slice(0, 10)}-${commit}.md`;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const tableRow = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;
// eslint-disable-next-line money/one-formatter -- load averages, not money
const loads = (values: number[]) => values.map((v) => v.toFixed(2)).join(' ');

export function renderReport(report: BenchReport, run: RunInfo): string {
  const { machine } = run;
  const out: string[] = [
    `# Benchmark ${run.started.toISOString().slice(0, 10)} at ${run.commit}`,
    '',
    `- started: ${run.started.toISOString()}`,
    `- commit: ${run.commit}${run.dirty ? ' (with uncommitted changes)' : ''}`,
    `- command: npm run bench${run.args.length > 0 ? ` -- ${run.args.join(' ')}` : ''}`,
    `- machine: ${machine.cores} x ${machine.cpuModel}, ${machine.memoryGiB.toFixed(1)} GiB, ` +
      machine.os,
    `- Node: ${machine.node}`,
    `- load average: ${loads(machine.loadAverage)} at the start, ` +
      `${loads(run.loadAverageAtEnd)} at the end`,
  ];
  const settings = Object.entries(run.settings);
  out.push(
    `- settings: ${settings.length > 0 ? settings.map(([k, v]) => `${k}=${v}`).join(', ') : 'defaults'}`,
  );
  if (run.error) out.push('', `**The run stopped on an error:** ${cell(run.error)}`);
  for (const table of report.tables) {
    out.push('', `## ${table.title}`, '', tableRow(table.columns));
    out.push(tableRow(table.columns.map(() => '---')));
    for (const row of table.rows) out.push(tableRow(row));
  }
  if (report.notes.length > 0) {
    out.push('', '## Notes', '', ...report.notes.map((n) => `- ${n}`));
  }
  if (report.targets.length > 0) {
    const met = report.targets.filter((t) => t.pass).length;
    out.push('', '## Targets', '', `${met} of ${report.targets.length} met.`, '');
    out.push(tableRow(['', 'target', 'value']), tableRow(['---', '---', '---']));
    for (const t of report.targets)
      out.push(tableRow([t.pass ? 'pass' : 'FAIL', t.target, t.value]));
  }
  return `${out.join('\n')}\n`;
}

/**
 * Writes the report into `dir` (created when missing) and answers the file's path. A second run
 * of the same commit on the same day gets `-2`, `-3`, ... rather than replacing the first.
 */
export function writeReport(dir: string, report: BenchReport, run: RunInfo): string {
  fs.mkdirSync(dir, { recursive: true });
  const base = resultFileName(run.started, run.commit).replace(/\.md$/, '');
  const text = renderReport(report, run);
  for (let n = 1; ; n += 1) {
    const file = path.join(dir, n === 1 ? `${base}.md` : `${base}-${n}.md`);
    try {
      fs.writeFileSync(file, text, { flag: 'wx' });
      return file;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
}
