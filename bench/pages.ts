/**
 * `npm run bench -- pages` (issues 10 and 41): Lighthouse on the pages a visitor meets first.
 * The web app is built when its sources changed since the last build (scripts/build-if-changed.ts),
 * a fresh server with the demo seed serves it on a free port, and Lighthouse (the npm package,
 * driving Debian's /usr/bin/chromium or CHROMIUM_PATH through chrome-launcher; nothing downloads
 * a browser) audits each page as a phone on a throttled network (its default: mobile, simulated
 * throttling). Every page is judged against issue 41's targets (bench/lighthouse-scores.ts),
 * beside its transfer size, JavaScript, requests and first contentful paint.
 *
 * Then each public page (landing, product, a creator's page by id and by name) is opened as a
 * first visit without throttling (bench/page-weight.ts), and its bytes, JavaScript, requests and
 * median first contentful paint are judged against Ghost's home page (bench/peer-figures.ts).
 *
 *   BENCH_PAGE_RUNS        Lighthouse runs per page; the median run is printed (default 3)
 *   BENCH_PAGES            only these pages, by name (landing,discover,product,profile,creator)
 *   BENCH_PEER_RUNS        first visits per public page for the comparison with Ghost (default 7)
 *   BENCH_PAGES_URL        measure a server already running there (with the demo seed) instead
 *   BENCH_LIGHTHOUSE_DIR   also keep every run's full Lighthouse report (JSON) in this folder
 *   BENCH_CPU_SLOWDOWN     Lighthouse's CPU slowdown; by default calibrated before every run
 *                          from the host's BenchmarkIndex (bench/lighthouse-scores.ts), as the
 *                          machines this runs on are shared and their speed varies by the minute
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as lighthouseConstants from 'lighthouse/core/config/constants.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { chromium } from 'playwright-core';
import { positiveInt } from './env';
import { measurePageLoads } from './page-weight';
import {
  PEER_COLUMNS,
  ghostRow,
  judgeWeight,
  peerRow,
  weightOf,
  type PageWeight,
} from './peer-figures';
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
import { benchServerEnv, repoRoot, SERVING_LINE, startServerProcess } from './process';
import { benchReport } from './report';

/** The landing page's budget (e2e/landing-budget.spec.ts): compressed bytes on the wire. */
export const LANDING_BUDGET = { js: 100 * 1024, css: 30 * 1024 } as const;

interface Screen {
  name: string;
  path: string;
  /** A sign-in token stored before the page is audited, for pages behind sign-in. */
  token?: string;
  /** A public page, compared with Ghost's home page; only it is server-rendered. */
  isPublic?: boolean;
}

/*
 * Headless Chromium as a benchmark wants it: no sandbox (root in a container), no GPU, and none
 * of the browser's own traffic (updates, field trials, sync) in the measured network.
 */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--mute-audio',
];

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * The pages: landing, discover (signed in as the demo fan: it needs sign-in), a paid item's
 * product page, and its creator's profile by id (/hypr/{id}, a creator's shared link).
 */
async function screensOf(baseUrl: string): Promise<Screen[]> {
  const { token } = await json<{ token: string }>(`${baseUrl}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo_user', password: 'Demo-User-2025!' }),
  });
  const feed = await json<{ posts: Array<{ id: number; creatorId: string; priceCents: number }> }>(
    `${baseUrl}/api/v1/feed?limit=20`,
  );
  const item = feed.posts.find((post) => post.priceCents > 0) ?? feed.posts[0];
  if (!item) throw new Error('the demo seed published no item');
  const creator = await json<{ username: string }>(`${baseUrl}/api/v1/users/${item.creatorId}`);
  return [
    { name: 'landing', path: '/', isPublic: true },
    { name: 'discover', path: '/discover', token },
    { name: 'product', path: `/product/${item.id}`, isPublic: true },
    { name: 'profile', path: `/hypr/${item.creatorId}`, isPublic: true },
    { name: 'creator', path: `/creator/${encodeURIComponent(creator.username)}`, isPublic: true },
  ];
}

/**
 * What the app reads before it starts: English, and the screen's sign-in token. Lighthouse
 * clears the origin's caches, service workers and file systems before each run but keeps its
 * local storage, so a value stored here (from a page that loads none of the app) stays.
 * Answers the host's BenchmarkIndex, measured as Lighthouse measures it, right before the run.
 */
async function prepareBrowser(
  port: number,
  baseUrl: string,
  token: string | null,
): Promise<number> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${baseUrl}/api/v1/health`);
    await page.evaluate(
      ({ token }) => {
        localStorage.clear();
        localStorage.setItem('language', 'en');
        if (token) {
          localStorage.setItem('token', token);
          localStorage.setItem('authToken', token);
        }
      },
      { token },
    );
    const benchmarkIndex = await page.evaluate(pageFunctions.computeBenchmarkIndex);
    await page.close();
    return benchmarkIndex;
  } finally {
    await browser.close();
  }
}

async function audit(port: number, url: string, cpuSlowdownMultiplier: number): Promise<Lhr> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'seo'],
    throttling: { ...lighthouseConstants.throttling.mobileSlow4G, cpuSlowdownMultiplier },
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return result.lhr as unknown as Lhr;
}

/** Runs a Lighthouse audit at most this many times before the benchmark gives up. */
const AUDIT_ATTEMPTS = 3;

/**
 * One audit, done again when Lighthouse reports a failed run (on a busy machine it now and then
 * loses the page load's trace: NO_NAVSTART): a lost trace says nothing about the page.
 */
async function auditRun<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= AUDIT_ATTEMPTS) throw err;
      const line = `  Lighthouse run failed (${err instanceof Error ? err.message : String(err)}), trying again`;
      console.log(line);
      benchReport.note(line.trim());
    }
  }
}

function keepReport(dir: string | undefined, screen: Screen, run: number, lhr: Lhr): void {
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${screen.name}-${run}.json`), JSON.stringify(lhr));
}

function record(results: Array<{ screen: Screen; scores: PageScores }>, runs: number): boolean {
  const title = `Pages: Lighthouse, mobile, simulated throttling, median of ${runs} runs each`;
  const rows = results.map(({ screen, scores }) => scoreRow(screen.name, scores));
  console.log(`\n${title}\n`);
  console.log(formatTable(SCORE_COLUMNS, rows));
  benchReport.table(title, SCORE_COLUMNS).rows.push(...rows);
  let allPass = true;
  for (const { screen, scores } of results) {
    for (const verdict of judgePage(scores)) {
      benchReport.target({ ...verdict, target: `${screen.name}: ${verdict.target}` });
      allPass &&= verdict.pass;
    }
    if (scores.failedAudits.length > 0) {
      const line = `${screen.name}: accessibility and SEO audits not passed: ${scores.failedAudits.join(', ')}`;
      console.log(line);
      benchReport.note(line);
    }
  }
  const landing = results.find((r) => r.screen.name === 'landing')?.scores;
  if (landing) {
    for (const [kind, used, budget] of [
      ['JavaScript', landing.scriptBytes, LANDING_BUDGET.js],
      ['CSS', landing.stylesheetBytes, LANDING_BUDGET.css],
    ] as const) {
      const pass = used <= budget;
      benchReport.target({
        target: `landing: ${kind} <= ${budget / 1024} KiB on the wire`,
        value: `${(used / 1024).toFixed(1)} KiB`,
        pass,
      });
      allPass &&= pass;
    }
  }
  benchReport.note(
    'pages: KiB are transfer sizes as Lighthouse counts them (compressed bodies plus headers); ' +
      'FCP and LCP are simulated for a mid-range phone on a slow 4G network.',
  );
  return allPass;
}

/** Each public page against Ghost's home page: printed, recorded, and whether all are as light. */
function recordPeer(results: Array<{ screen: Screen; weight: PageWeight }>): boolean {
  const runs = results[0]?.weight.runs ?? 0;
  const title = `Public pages against Ghost's home page: first visit, no throttling, median of ${runs}`;
  const rows = [ghostRow(), ...results.map(({ screen, weight }) => peerRow(screen.name, weight))];
  console.log(`\n${title}\n`);
  console.log(formatTable(PEER_COLUMNS, rows));
  benchReport.table(title, PEER_COLUMNS).rows.push(...rows);
  let allPass = true;
  for (const { screen, weight } of results) {
    for (const verdict of judgeWeight(weight)) {
      benchReport.target({ ...verdict, target: `${screen.name}: ${verdict.target} (Ghost)` });
      allPass &&= verdict.pass;
    }
  }
  benchReport.note(
    "peer: Ghost's home page figures (issue 41) were measured on this kind of machine beside " +
      'Aura; each page is loaded in a fresh browser context with the cache off, bytes are ' +
      'encoded bodies plus headers as Chromium counts them, FCP from the Paint Timing API.',
  );
  return allPass;
}

async function measurePeer(port: number, baseUrl: string, screens: Screen[]): Promise<boolean> {
  const runs = positiveInt('BENCH_PEER_RUNS', 7);
  const publicScreens = screens.filter((screen) => screen.isPublic);
  const loads = await measurePageLoads(
    port,
    publicScreens.map((screen) => `${baseUrl}${screen.path}`),
    runs,
  );
  return recordPeer(publicScreens.map((screen, i) => ({ screen, weight: weightOf(loads[i]!) })));
}

async function measureScreens(baseUrl: string, runs: number): Promise<boolean> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const keepDir = process.env.BENCH_LIGHTHOUSE_DIR;
    const fixedSlowdown = process.env.BENCH_CPU_SLOWDOWN
      ? Number(process.env.BENCH_CPU_SLOWDOWN)
      : undefined;
    if (fixedSlowdown !== undefined && !(fixedSlowdown > 0)) {
      throw new Error('BENCH_CPU_SLOWDOWN must be a positive number');
    }
    const only = process.env.BENCH_PAGES?.split(',').map((name) => name.trim());
    const screens = (await screensOf(baseUrl)).filter(
      (screen) => !only || only.includes(screen.name),
    );
    const isAsLight = await measurePeer(chrome.port, baseUrl, screens);
    const results: Array<{ screen: Screen; scores: PageScores }> = [];
    for (const screen of screens.filter((s) => s.name !== 'creator')) {
      const all: PageScores[] = [];
      for (let run = 1; run <= runs; run += 1) {
        const { index, slowdown, lhr, scores } = await auditRun(async () => {
          const index = await prepareBrowser(chrome.port, baseUrl, screen.token ?? null);
          const slowdown = fixedSlowdown ?? cpuSlowdownFor(index);
          const lhr = await audit(chrome.port, `${baseUrl}${screen.path}`, slowdown);
          return { index, slowdown, lhr, scores: scoresOf(lhr) };
        });
        keepReport(keepDir, screen, run, lhr);
        const line =
          `${screen.name} run ${run}: BenchmarkIndex ${Math.round(index)}, CPU slowdown ` +
          `${slowdown}x: performance ${scores.performance}, accessibility ` +
          `${scores.accessibility}, SEO ${scores.seo}`;
        console.log(`  ${line}`);
        benchReport.note(line);
        all.push(scores);
      }
      results.push({ screen, scores: medianRun(all) });
    }
    return record(results, runs) && isAsLight;
  } finally {
    chrome.kill();
  }
}

/** `npm start`'s build step: builds only when the build's inputs changed since the last build. */
function buildIfChanged(): void {
  const built = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'scripts', 'build-if-changed.ts')],
    { cwd: repoRoot, stdio: 'inherit' },
  );
  if (built.status !== 0) throw new Error('the build failed');
}

/** Runs the pages benchmark; false when a page misses a target. */
export async function runPagesBenchmark(): Promise<boolean> {
  const runs = positiveInt('BENCH_PAGE_RUNS', 3);
  const givenUrl = process.env.BENCH_PAGES_URL;
  if (givenUrl) return measureScreens(givenUrl.replace(/\/$/, ''), runs);
  buildIfChanged();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aura-bench-pages-'));
  try {
    console.log('pages: starting a server with the demo seed (about a minute)…');
    const server = await startServerProcess(
      'server/main.ts',
      benchServerEnv({
        DATA_DIR: dataDir,
        // Production never seeds the demo (issue 18), and the pages need its data; how the
        // web build is served (compression, caching) does not depend on NODE_ENV.
        NODE_ENV: 'development',
        JWT_SECRET: randomBytes(32).toString('hex'),
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
      }),
      SERVING_LINE,
    );
    try {
      return await measureScreens(server.url, runs);
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
