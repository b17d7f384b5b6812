import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BenchReport,
  benchSettings,
  gitCommit,
  renderReport,
  resultFileName,
  writeReport,
  type RunInfo,
} from './report';

const run: RunInfo = {
  started: new Date('2026-11-28T23:59:30Z'),
  commit: 'abc1234',
  dirty: false,
  args: ['feed'],
  settings: { BENCH_SECONDS: '5' },
  machine: {
    cpuModel: 'AMD EPYC 7763 64-Core Processor',
    cores: 2,
    memoryGiB: 23.5,
    node: 'v20.20.2',
    os: 'Linux 6.1.0',
    loadAverage: [1.5, 1, 0.5],
  },
  loadAverageAtEnd: [2, 1.25, 0.75],
};

function sampleReport(): BenchReport {
  const report = new BenchReport();
  const table = report.table('Hot paths', ['db', 'scenario', 'req/s']);
  table.rows.push(['pglite', 'feed first page', '707'], ['postgres', 'a | b', '2,248']);
  report.note('restart to first answer: median 1,600 ms of 5');
  report.target({ target: 'feed >= 0.8x minimal', value: '1.29x', pass: true });
  report.target({ target: 'p99 <= 25 ms', value: '30.1 ms', pass: false });
  return report;
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the benchmark results file', () => {
  it('is named by the UTC date of the start and the short commit', () => {
    expect(resultFileName(run.started, 'abc1234')).toBe('2026-11-28-abc1234.md');
    expect(resultFileName(new Date('2026-11-29T00:30:00+02:00'), 'def5678')).toBe(
      '2026-11-28-def5678.md',
    );
  });

  it('holds the machine, the command, every table row and every target with pass or FAIL', () => {
    const text = renderReport(sampleReport(), run);
    expect(text).toContain('# Benchmark 2026-11-28 at abc1234');
    expect(text).toContain('- machine: 2 x AMD EPYC 7763 64-Core Processor, 23.5 GiB, Linux 6.1.0');
    expect(text).toContain('- Node: v20.20.2');
    expect(text).toContain('- command: npm run bench -- feed');
    expect(text).toContain('- settings: BENCH_SECONDS=5');
    expect(text).toContain(
      '- load average: 1.50 1.00 0.50 at the start, 2.00 1.25 0.75 at the end',
    );
    expect(text).toContain('| db | scenario | req/s |\n| --- | --- | --- |');
    expect(text).toContain('| pglite | feed first page | 707 |');
    expect(text).toContain('| postgres | a \\| b | 2,248 |');
    expect(text).toContain('- restart to first answer: median 1,600 ms of 5');
    expect(text).toContain('1 of 2 met.');
    expect(text).toContain('| pass | feed >= 0.8x minimal | 1.29x |');
    expect(text).toContain('| FAIL | p99 <= 25 ms | 30.1 ms |');
    expect(text).not.toContain('uncommitted');
  });

  it('says when the tree had uncommitted changes and when the run stopped on an error', () => {
    const text = renderReport(sampleReport(), { ...run, dirty: true, error: 'seed failed' });
    expect(text).toContain('- commit: abc1234 (with uncommitted changes)');
    expect(text).toContain('**The run stopped on an error:** seed failed');
  });

  it('is written into its folder, and a second run that day gets a file of its own', () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'aura-bench-report-')), 'results');
    dirs.push(path.dirname(dir));
    const first = writeReport(dir, sampleReport(), run);
    const second = writeReport(dir, sampleReport(), run);
    expect(path.basename(first)).toBe('2026-11-28-abc1234.md');
    expect(path.basename(second)).toBe('2026-11-28-abc1234-2.md');
    expect(fs.readFileSync(first, 'utf8')).toBe(renderReport(sampleReport(), run));
  });

  it('records the BENCH_ settings without the credentials of a database URL', () => {
    const settings = benchSettings({
      BENCH_ONLY: 'feed',
      BENCH_DATABASE_URL: 'postgres://postgres:secret@127.0.0.1:5432/aura_bench',
      TEST_DATABASE_URL: 'postgres://u:p@db.example:5432/test',
      JWT_SECRET: 'x'.repeat(32),
      BENCH_EMPTY: '',
    });
    expect(settings).toEqual({
      BENCH_DATABASE_URL: 'postgres://127.0.0.1:5432/aura_bench',
      BENCH_ONLY: 'feed',
      TEST_DATABASE_URL: 'postgres://db.example:5432/test',
    });
  });

  it('names the commit of a git checkout, and "unknown" outside one', () => {
    const repo = path.resolve(import.meta.dirname, '..');
    expect(gitCommit(repo).commit).toMatch(/^[0-9a-f]{7,}$/);
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'aura-bench-nogit-'));
    dirs.push(elsewhere);
    expect(gitCommit(elsewhere)).toEqual({ commit: 'unknown', dirty: false });
  });
});
