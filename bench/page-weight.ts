/**
 * What a first visit of a public page costs, measured as the browser sees it (issue 41, "As
 * light as the peer"): bytes on the wire, JavaScript, requests and the first contentful paint,
 * on an empty cache, without throttling, the way Ghost's home page was measured beside it
 * (bench/peer-figures.ts). Runs in the Chromium that `npm run bench -- pages` already started.
 */
import { chromium, type Browser } from 'playwright-core';
import type { PageLoad } from './peer-figures';

/** Resolves with the page's first contentful paint once it happened (ms since navigation). */
const FIRST_PAINT = () =>
  new Promise<number>((resolve) => {
    new PerformanceObserver((list) => {
      const entry = list.getEntriesByName('first-contentful-paint')[0];
      if (entry) resolve(entry.startTime);
    }).observe({ type: 'paint', buffered: true });
  });

async function loadOnce(browser: Browser, url: string): Promise<PageLoad> {
  // A fresh context each time: an empty cache and no storage, a first visit.
  const context = await browser.newContext({ locale: 'en-US' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const scripts = new Set<string>();
    let requests = 0;
    let transferBytes = 0;
    let scriptBytes = 0;
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script') scripts.add(event.requestId);
    });
    cdp.on('Network.loadingFinished', (event) => {
      requests += 1;
      transferBytes += event.encodedDataLength;
      if (scripts.has(event.requestId)) scriptBytes += event.encodedDataLength;
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto(url, { waitUntil: 'networkidle' });
    const firstContentfulPaintMs = await page.evaluate(FIRST_PAINT);
    return { transferBytes, scriptBytes, requests, firstContentfulPaintMs };
  } finally {
    await context.close();
  }
}

/** `runs` first visits of each URL, in the browser listening on `port`. */
export async function measurePageLoads(
  port: number,
  urls: string[],
  runs: number,
): Promise<PageLoad[][]> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const results: PageLoad[][] = [];
    for (const url of urls) {
      const loads: PageLoad[] = [];
      for (let run = 0; run < runs; run += 1) loads.push(await loadOnce(browser, url));
      results.push(loads);
    }
    return results;
  } finally {
    await browser.close();
  }
}
