/**
 * What `npm run bench -- pages` reads from a Lighthouse report, and how each page is judged
 * against issue 41's targets. No Lighthouse here: the runner (bench/pages.ts) hands in the
 * report's JSON, so the figures and verdicts are tested without a browser.
 */

/** The figures of one page load, as Lighthouse measured them. */
export interface PageScores {
  /** Category scores, 0–100. */
  performance: number;
  accessibility: number;
  seo: number;
  largestContentfulPaintMs: number;
  cumulativeLayoutShift: number;
  totalBlockingTimeMs: number;
  firstContentfulPaintMs: number;
  /** Every response on the wire, headers included. */
  transferBytes: number;
  scriptBytes: number;
  stylesheetBytes: number;
  requests: number;
  /** Audits of the accessibility and SEO categories that did not pass, by id. */
  failedAudits: string[];
}

export interface Target {
  label: string;
  /** The figure as printed, e.g. "2.31 s". */
  show(scores: PageScores): string;
  pass(scores: PageScores): boolean;
}

// eslint-disable-next-line money/one-formatter -- seconds, not money
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Issue 41: every measured page, mobile, simulated throttling. */
export const PAGE_TARGETS: readonly Target[] = [
  {
    label: 'performance >= 90',
    show: (s) => String(s.performance),
    pass: (s) => s.performance >= 90,
  },
  {
    label: 'LCP <= 2.5 s',
    show: (s) => seconds(s.largestContentfulPaintMs),
    pass: (s) => s.largestContentfulPaintMs <= 2500,
  },
  {
    label: 'CLS <= 0.1',
    show: (s) => s.cumulativeLayoutShift.toFixed(3),
    pass: (s) => s.cumulativeLayoutShift <= 0.1,
  },
  {
    label: 'TBT <= 200 ms',
    show: (s) => `${Math.round(s.totalBlockingTimeMs)} ms`,
    pass: (s) => s.totalBlockingTimeMs <= 200,
  },
  {
    label: 'accessibility 100',
    show: (s) => String(s.accessibility),
    pass: (s) => s.accessibility === 100,
  },
  { label: 'SEO 100', show: (s) => String(s.seo), pass: (s) => s.seo === 100 },
];

export interface PageVerdict {
  target: string;
  value: string;
  pass: boolean;
}

export function judgePage(scores: PageScores): PageVerdict[] {
  return PAGE_TARGETS.map((t) => ({
    target: t.label,
    value: t.show(scores),
    pass: t.pass(scores),
  }));
}

/* The parts of a Lighthouse result (LHR) read here; the rest is ignored. */
interface LhrAudit {
  score: number | null;
  numericValue?: number;
  scoreDisplayMode?: string;
  details?: { items?: Array<Record<string, unknown>> };
}
export interface Lhr {
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string }> }>;
  audits: Record<string, LhrAudit>;
  runtimeError?: { code: string; message: string };
}

function numeric(lhr: Lhr, id: string): number {
  const value = lhr.audits[id]?.numericValue;
  if (typeof value !== 'number') throw new Error(`Lighthouse report has no value for ${id}`);
  return value;
}

function category(lhr: Lhr, id: string): number {
  const score = lhr.categories[id]?.score;
  if (typeof score !== 'number') throw new Error(`Lighthouse report has no ${id} score`);
  return Math.round(score * 100);
}

/** Lighthouse's resource summary: requests and transfer size per kind of resource. */
function resource(lhr: Lhr, kind: string): { requestCount: number; transferSize: number } {
  const row = lhr.audits['resource-summary']?.details?.items?.find((r) => r.resourceType === kind);
  return {
    requestCount: Number(row?.requestCount ?? 0),
    transferSize: Number(row?.transferSize ?? 0),
  };
}

/** Audits that count in a category's score and did not pass. */
function failedIn(lhr: Lhr, id: string): string[] {
  return (lhr.categories[id]?.auditRefs ?? [])
    .map((ref) => ({ id: ref.id, audit: lhr.audits[ref.id] }))
    .filter(
      ({ audit }) =>
        audit &&
        audit.score !== null &&
        audit.score < 1 &&
        !['notApplicable', 'manual', 'informative'].includes(audit.scoreDisplayMode ?? ''),
    )
    .map(({ id: auditId }) => auditId);
}

export function scoresOf(lhr: Lhr): PageScores {
  if (lhr.runtimeError) {
    throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  const total = resource(lhr, 'total');
  return {
    performance: category(lhr, 'performance'),
    accessibility: category(lhr, 'accessibility'),
    seo: category(lhr, 'seo'),
    largestContentfulPaintMs: numeric(lhr, 'largest-contentful-paint'),
    cumulativeLayoutShift: numeric(lhr, 'cumulative-layout-shift'),
    totalBlockingTimeMs: numeric(lhr, 'total-blocking-time'),
    firstContentfulPaintMs: numeric(lhr, 'first-contentful-paint'),
    transferBytes: total.transferSize,
    scriptBytes: resource(lhr, 'script').transferSize,
    stylesheetBytes: resource(lhr, 'stylesheet').transferSize,
    requests: total.requestCount,
    failedAudits: [...failedIn(lhr, 'accessibility'), ...failedIn(lhr, 'seo')],
  };
}

/**
 * The run of several that stands for them: the one with the median performance score (ties
 * broken by LCP), as a single Lighthouse run varies by several points.
 */
export function medianRun(runs: PageScores[]): PageScores {
  if (runs.length === 0) throw new Error('no Lighthouse runs');
  const sorted = [...runs].sort(
    (a, b) =>
      a.performance - b.performance || b.largestContentfulPaintMs - a.largestContentfulPaintMs,
  );
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/**
 * Lighthouse's simulated phone is its host slowed down 4 times, which assumes a host with a
 * BenchmarkIndex of about 1,000 (below that Lighthouse warns that the CPU is slower than it
 * expects; docs/throttling.md in Lighthouse: "calibrating multipliers"). The phone it means is
 * thus one of index ~250; a host of another speed is slowed by its index over that, so a shared,
 * loaded machine measures the same phone rather than a slower one.
 */
export const TARGET_DEVICE_BENCHMARK_INDEX = 250;
export const DEFAULT_CPU_SLOWDOWN = 4;

export function cpuSlowdownFor(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) return DEFAULT_CPU_SLOWDOWN;
  const multiplier = benchmarkIndex / TARGET_DEVICE_BENCHMARK_INDEX;
  // Never more than Lighthouse's own default, never a phone 4 times faster than the host.
  return Math.round(Math.min(DEFAULT_CPU_SLOWDOWN, Math.max(0.25, multiplier)) * 100) / 100;
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

export const SCORE_COLUMNS = [
  'page',
  'perf',
  'LCP',
  'CLS',
  'TBT',
  'a11y',
  'SEO',
  'FCP',
  'KiB',
  'JS KiB',
  'requests',
];

/** One page's row: each target's figure with FAIL beside those it misses, then the weights. */
export function scoreRow(page: string, scores: PageScores): string[] {
  const verdicts = judgePage(scores);
  const judged = verdicts.map((v) => (v.pass ? v.value : `${v.value} FAIL`));
  return [
    page,
    ...judged,
    seconds(scores.firstContentfulPaintMs),
    kib(scores.transferBytes),
    kib(scores.scriptBytes),
    String(scores.requests),
  ];
}

/** Fixed-width text of a table's rows (first column left-aligned). */
export function formatTable(columns: string[], rows: string[][]): string {
  const widths = columns.map((c, i) => Math.max(c.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(columns), ...rows.map(line)].join('\n');
}
