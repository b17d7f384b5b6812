import { describe, expect, it } from 'vitest';
import { ghostRow, judgeWeight, peerRow, weightOf, type PageLoad } from './peer-figures';

const load = (over: Partial<PageLoad> = {}): PageLoad => ({
  transferBytes: 60 * 1024,
  scriptBytes: 2 * 1024,
  requests: 12,
  firstContentfulPaintMs: 300,
  ...over,
});

describe("a page against Ghost's home page", () => {
  it('takes the median of each figure over the runs', () => {
    const weight = weightOf([
      load({ firstContentfulPaintMs: 900 }),
      load({ firstContentfulPaintMs: 200 }),
      load({ firstContentfulPaintMs: 350 }),
    ]);
    expect(weight.firstContentfulPaintMedianMs).toBe(350);
    expect(weight.runs).toBe(3);
  });

  it('passes at the targets and fails above them, saying FAIL beside the figure', () => {
    const atTargets = weightOf([
      load({
        transferBytes: 91 * 1024,
        scriptBytes: 22 * 1024,
        requests: 21,
        firstContentfulPaintMs: 404,
      }),
    ]);
    expect(judgeWeight(atTargets).every((v) => v.pass)).toBe(true);
    const heavy = weightOf([load({ scriptBytes: 113 * 1024, requests: 29 })]);
    expect(judgeWeight(heavy).map((v) => v.pass)).toEqual([true, false, false, true]);
    expect(peerRow('landing', heavy)).toEqual([
      'landing',
      '60.0 KiB',
      '113.0 KiB FAIL',
      '29 FAIL',
      '300 ms',
    ]);
    expect(ghostRow()).toEqual(['Ghost home (target)', '91.0 KiB', '22.0 KiB', '21', '404 ms']);
  });
});
