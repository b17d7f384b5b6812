/**
 * Issue 41, "As light as the peer": Ghost's home page, measured side by side on one machine,
 * against which `npm run bench -- pages` judges each public page (bench/page-weight.ts measures
 * them). Pure, so the verdicts are tested without a browser.
 */
import { percentile } from './percentile';

/** One page load as the browser saw it. */
export interface PageLoad {
  /** Every response on the wire (encoded bodies plus headers). */
  transferBytes: number;
  scriptBytes: number;
  requests: number;
  firstContentfulPaintMs: number;
}

/** Several loads of one page: the weights of the first (they do not vary), the paint's median. */
export interface PageWeight {
  transferBytes: number;
  scriptBytes: number;
  requests: number;
  firstContentfulPaintMedianMs: number;
  runs: number;
}

/** Ghost's home page (its own server, same machine): the targets. */
export const GHOST_HOME = {
  transferBytes: 91 * 1024,
  scriptBytes: 22 * 1024,
  requests: 21,
  firstContentfulPaintMedianMs: 404,
} as const;

export function weightOf(loads: PageLoad[]): PageWeight {
  const [first] = loads;
  if (!first) throw new Error('no page loads');
  const median = (values: number[]) => percentile(values, 50);
  return {
    transferBytes: median(loads.map((l) => l.transferBytes)),
    scriptBytes: median(loads.map((l) => l.scriptBytes)),
    requests: median(loads.map((l) => l.requests)),
    firstContentfulPaintMedianMs: median(loads.map((l) => l.firstContentfulPaintMs)),
    runs: loads.length,
  };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

interface PeerTarget {
  label: string;
  show(weight: PageWeight): string;
  pass(weight: PageWeight): boolean;
}

export const PEER_TARGETS: readonly PeerTarget[] = [
  {
    label: `transfer <= ${kib(GHOST_HOME.transferBytes)}`,
    show: (w) => kib(w.transferBytes),
    pass: (w) => w.transferBytes <= GHOST_HOME.transferBytes,
  },
  {
    label: `JavaScript <= ${kib(GHOST_HOME.scriptBytes)}`,
    show: (w) => kib(w.scriptBytes),
    pass: (w) => w.scriptBytes <= GHOST_HOME.scriptBytes,
  },
  {
    label: `requests <= ${GHOST_HOME.requests}`,
    show: (w) => String(w.requests),
    pass: (w) => w.requests <= GHOST_HOME.requests,
  },
  {
    label: `FCP median <= ${GHOST_HOME.firstContentfulPaintMedianMs} ms`,
    show: (w) => `${Math.round(w.firstContentfulPaintMedianMs)} ms`,
    pass: (w) => w.firstContentfulPaintMedianMs <= GHOST_HOME.firstContentfulPaintMedianMs,
  },
];

export const PEER_COLUMNS = ['page', ...PEER_TARGETS.map((t) => t.label)];

/** The target row (Ghost's figures) and one page's row, FAIL beside each figure over its target. */
export function peerRow(page: string, weight: PageWeight): string[] {
  return [
    page,
    ...PEER_TARGETS.map((t) => (t.pass(weight) ? t.show(weight) : `${t.show(weight)} FAIL`)),
  ];
}

export const ghostRow = (): string[] => [
  'Ghost home (target)',
  kib(GHOST_HOME.transferBytes),
  kib(GHOST_HOME.scriptBytes),
  String(GHOST_HOME.requests),
  `${GHOST_HOME.firstContentfulPaintMedianMs} ms`,
];

export function judgeWeight(
  weight: PageWeight,
): { target: string; value: string; pass: boolean }[] {
  return PEER_TARGETS.map((t) => ({
    target: t.label,
    value: t.show(weight),
    pass: t.pass(weight),
  }));
}
