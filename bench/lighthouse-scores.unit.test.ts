import { describe, expect, it } from 'vitest';
import {
  SCORE_COLUMNS,
  cpuSlowdownFor,
  formatTable,
  judgePage,
  medianRun,
  scoreRow,
  scoresOf,
  type Lhr,
  type PageScores,
} from './lighthouse-scores';

/** A Lighthouse result with the parts the bench reads, as Lighthouse 12 shapes them. */
function lhr(overrides: {
  performance?: number;
  lcp?: number;
  cls?: number;
  tbt?: number;
  accessibilityAudits?: Record<string, { score: number | null; scoreDisplayMode?: string }>;
}): Lhr {
  const a11y = overrides.accessibilityAudits ?? {
    'color-contrast': { score: 1, scoreDisplayMode: 'binary' },
  };
  return {
    categories: {
      performance: { score: overrides.performance ?? 0.93, auditRefs: [] },
      accessibility: {
        score: Object.values(a11y).every((a) => a.score !== 0) ? 1 : 0.96,
        auditRefs: Object.keys(a11y).map((id) => ({ id })),
      },
      seo: { score: 0.92, auditRefs: [{ id: 'robots-txt' }, { id: 'hreflang' }] },
    },
    audits: {
      'largest-contentful-paint': { score: 0.8, numericValue: overrides.lcp ?? 2412.6 },
      'cumulative-layout-shift': { score: 1, numericValue: overrides.cls ?? 0.0213 },
      'total-blocking-time': { score: 1, numericValue: overrides.tbt ?? 140.4 },
      'first-contentful-paint': { score: 1, numericValue: 1180 },
      'resource-summary': {
        score: null,
        details: {
          items: [
            { resourceType: 'total', requestCount: 29, transferSize: 165_888 },
            { resourceType: 'script', requestCount: 14, transferSize: 115_712 },
            { resourceType: 'stylesheet', requestCount: 2, transferSize: 21_504 },
          ],
        },
      },
      'robots-txt': { score: 0, scoreDisplayMode: 'binary' },
      hreflang: { score: null, scoreDisplayMode: 'notApplicable' },
      ...a11y,
    },
  };
}

describe('scoresOf', () => {
  it('reads the scores, metrics and weights of a Lighthouse result', () => {
    const scores = scoresOf(lhr({}));
    expect(scores).toEqual({
      performance: 93,
      accessibility: 100,
      seo: 92,
      largestContentfulPaintMs: 2412.6,
      cumulativeLayoutShift: 0.0213,
      totalBlockingTimeMs: 140.4,
      firstContentfulPaintMs: 1180,
      transferBytes: 165_888,
      scriptBytes: 115_712,
      stylesheetBytes: 21_504,
      requests: 29,
      failedAudits: ['robots-txt'],
    });
  });

  it('lists the accessibility audits that failed, not those that do not apply', () => {
    const scores = scoresOf(
      lhr({
        accessibilityAudits: {
          'heading-order': { score: 0, scoreDisplayMode: 'binary' },
          'image-alt': { score: 1, scoreDisplayMode: 'binary' },
          'video-caption': { score: null, scoreDisplayMode: 'notApplicable' },
        },
      }),
    );
    expect(scores.accessibility).toBe(96);
    expect(scores.failedAudits).toEqual(['heading-order', 'robots-txt']);
  });

  it('refuses a result Lighthouse could not measure', () => {
    const failed = { ...lhr({}), runtimeError: { code: 'NO_FCP', message: 'no paint' } };
    expect(() => scoresOf(failed)).toThrow(/NO_FCP/);
    const missing = lhr({});
    delete missing.audits['total-blocking-time'];
    expect(() => scoresOf(missing)).toThrow(/total-blocking-time/);
  });
});

describe('judgePage', () => {
  const base = scoresOf(lhr({}));

  it('passes a page that meets every target, the boundaries included', () => {
    const edge: PageScores = {
      ...base,
      performance: 90,
      largestContentfulPaintMs: 2500,
      cumulativeLayoutShift: 0.1,
      totalBlockingTimeMs: 200,
      accessibility: 100,
      seo: 100,
    };
    expect(judgePage(edge).every((v) => v.pass)).toBe(true);
  });

  it('fails each target just past its boundary', () => {
    const misses: Array<[Partial<PageScores>, string]> = [
      [{ performance: 89 }, 'performance >= 90'],
      [{ largestContentfulPaintMs: 2501 }, 'LCP <= 2.5 s'],
      [{ cumulativeLayoutShift: 0.101 }, 'CLS <= 0.1'],
      [{ totalBlockingTimeMs: 201 }, 'TBT <= 200 ms'],
      [{ accessibility: 99 }, 'accessibility 100'],
      [{ seo: 99 }, 'SEO 100'],
    ];
    const passing: PageScores = {
      ...base,
      performance: 95,
      largestContentfulPaintMs: 1000,
      cumulativeLayoutShift: 0,
      totalBlockingTimeMs: 0,
      accessibility: 100,
      seo: 100,
    };
    for (const [change, target] of misses) {
      const failed = judgePage({ ...passing, ...change }).filter((v) => !v.pass);
      expect(failed.map((v) => v.target)).toEqual([target]);
    }
  });

  it('shows each figure in its unit', () => {
    expect(judgePage(base).map((v) => v.value)).toEqual([
      '93',
      '2.41 s',
      '0.021',
      '140 ms',
      '100',
      '92',
    ]);
  });
});

describe('scoreRow and formatTable', () => {
  it('marks the figures that miss their target FAIL and adds the page weights', () => {
    const row = scoreRow('landing', scoresOf(lhr({ performance: 0.65, tbt: 610, cls: 0.296 })));
    expect(row).toEqual([
      'landing',
      '65 FAIL',
      '2.41 s',
      '0.296 FAIL',
      '610 ms FAIL',
      '100',
      '92 FAIL',
      '1.18 s',
      '162.0',
      '113.0',
      '29',
    ]);
    expect(row).toHaveLength(SCORE_COLUMNS.length);
  });

  it('aligns the columns', () => {
    const text = formatTable(
      ['page', 'perf'],
      [
        ['landing', '93'],
        ['discover', '65 FAIL'],
      ],
    );
    expect(text.split('\n')).toEqual([
      'page' + ' '.repeat(9) + 'perf',
      'landing' + ' '.repeat(8) + '93',
      'discover  65 FAIL',
    ]);
  });
});

describe('medianRun', () => {
  const run = (performance: number, lcp: number): PageScores => ({
    ...scoresOf(lhr({})),
    performance,
    largestContentfulPaintMs: lcp,
  });

  it('takes the run of median performance', () => {
    expect(medianRun([run(70, 1), run(95, 2), run(88, 3)]).performance).toBe(88);
    expect(medianRun([run(80, 1)]).performance).toBe(80);
  });

  it('of an even count, the lower middle (ties by the slower LCP)', () => {
    expect(medianRun([run(90, 1000), run(90, 3000), run(99, 1), run(50, 1)])).toMatchObject({
      performance: 90,
      largestContentfulPaintMs: 3000,
    });
  });

  it('refuses no runs', () => {
    expect(() => medianRun([])).toThrow();
  });
});

describe('cpuSlowdownFor', () => {
  it("keeps Lighthouse's 4x for a host at least as fast as it expects", () => {
    expect(cpuSlowdownFor(1000)).toBe(4);
    expect(cpuSlowdownFor(2400)).toBe(4);
  });

  it('slows a slower host less, so it stands for the same phone', () => {
    expect(cpuSlowdownFor(500)).toBe(2);
    expect(cpuSlowdownFor(125)).toBe(0.5);
    expect(cpuSlowdownFor(10)).toBe(0.25);
  });

  it("falls back to Lighthouse's default without a measurement", () => {
    expect(cpuSlowdownFor(Number.NaN)).toBe(4);
    expect(cpuSlowdownFor(0)).toBe(4);
  });
});
