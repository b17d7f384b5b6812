/**
 * Public pages come from the server with their content (issue 41, "As light as the peer"): the
 * landing page, a creator's page by name and by id, and a product page show what a signed-out
 * visitor may see before any script runs; locked media stays out of the page, and a creator's
 * text is text, never markup. The page loads web/src/boot.ts instead of the app's entry.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { createItem, createUser } from '../test/factories';

// A web build as Vite writes it, in miniature: the entry, its manifest, the theme stylesheets.
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Aura: memberships" />
    <title>Aura</title>
    <script type="module" crossorigin src="/assets/index-AAAAAAAA.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-BBBBBBBB.js">
    <link rel="stylesheet" crossorigin href="/assets/index-CCCCCCCC.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const MANIFEST = {
  'index.html': { file: 'assets/index-AAAAAAAA.js', css: ['assets/index-CCCCCCCC.css'] },
  'src/boot.ts': { file: 'assets/boot-DDDDDDDD.js', isEntry: true },
  'src/features/site/pages/LandingPage.tsx': {
    file: 'assets/LandingPage-EEEEEEEE.js',
    css: ['assets/LandingPage-FFFFFFFF.css'],
  },
};

const MALICIOUS = '<img src=x onerror=alert(1)> & "quotes"';
const ESCAPED = '&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;';

let webRoot: string;
let t: TestApp;
beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'aura-ssr-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
  fs.mkdirSync(path.join(webRoot, '.vite'));
  fs.writeFileSync(path.join(webRoot, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  for (const name of ['theme-light-GGGGGGGG.css', 'theme-light-blue-HHHHHHHH.css']) {
    fs.writeFileSync(path.join(webRoot, 'assets', name), '');
  }
  // A database of its own: the landing shows the newest creators and items, which other files
  // writing to a shared server at the same moment would push this file's out of.
  t = await createTestApp({ webRoot, ownDatabase: true });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const page = async (url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ url, headers });
  expect(res.statusCode, url).toBe(200);
  return flat(res.body);
};

/** What a locked item must never put in a page: its full image and video. */
const paidMediaOf = (item: { imageKey: string | null; videoKey: string | null }) => [
  item.imageKey!,
  item.videoKey!,
];

function expectServerRendered(html: string, kind: string) {
  expect(html).toContain(`<div id="root" data-ssr="${kind}"`);
  // The app's entry is not loaded up front: boot.ts loads it when it is needed.
  expect(html).toContain(
    '<script type="module" crossorigin src="/assets/boot-DDDDDDDD.js" data-app-entry="/assets/index-AAAAAAAA.js"></script>',
  );
  expect(html).not.toContain('src="/assets/index-AAAAAAAA.js"');
  expect(html).not.toContain('modulepreload');
  expect(html).toContain('href="/assets/theme-light-GGGGGGGG.css"');
  expect(html).not.toContain('theme-light-blue');
}

/** The page's text with the template's line breaks and indentation taken out. */
const flat = (html: string) => html.replace(/\s+/g, ' ').replace(/> /g, '>').replace(/ </g, '<');

describe('server-rendered public pages', () => {
  it("a creator's page shows the name, bio and items, escaped, with locked items locked", async () => {
    const creator = await createUser(t, {
      role: 'creator',
      displayName: MALICIOUS,
      bio: MALICIOUS,
    });
    const item = await createItem(t, creator, { title: `Paid ${MALICIOUS}`, priceCents: 999 });
    const html = await page(`/creator/${creator.user.username}`);
    expectServerRendered(html, 'creator');
    expect(html).toContain(`data-testid="creator-name">${ESCAPED}</h1>`);
    expect(html).toContain(`data-testid="creator-bio">${ESCAPED}</p>`);
    expect(html).toContain(`Paid ${ESCAPED}`);
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('data-locked="true"');
    for (const media of paidMediaOf(item)) expect(html).not.toContain(media);
    expect(html).toContain(
      `href="/auth?tab=signup&amp;returnTo=%2Fcreator%2F${creator.user.username}"`,
    );
  });

  it('rendering a creator page counts no visit; the page names the call that does', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const url = `/api/v1/creators/${creator.user.username}`;
    const html = await page(`/creator/${creator.user.username}`);
    await page(`/creator/${creator.user.username}`);
    expect(html).toContain(`data-ssr-visit="GET ${url}"`);
    // The one visit is the call web/src/boot.ts (or the app) makes.
    const res = await t.app.inject({ url });
    expect(res.json()).toMatchObject({ visitorCount: 1 });
  });

  it('the profile by id shows the same creator, outside the shared layout', async () => {
    const creator = await createUser(t, { role: 'creator', bio: MALICIOUS });
    const item = await createItem(t, creator, {
      title: 'Tier drop',
      priceCents: 0,
      tierRequired: 'Hypr',
    });
    const html = await page(`/hypr/${creator.user.id}`);
    expectServerRendered(html, 'hypr');
    expect(html).toContain(`>${creator.user.username}</h1>`);
    expect(html).toContain(ESCAPED);
    expect(html).toContain('Tier drop');
    expect(html).not.toContain('data-testid="visitor-bar"');
    for (const media of paidMediaOf(item)) expect(html).not.toContain(media);
  });

  it('a product page shows title, creator, price and lock, and only the teaser', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const item = await createItem(t, creator, { title: MALICIOUS, priceCents: 1250 });
    const html = await page(`/product/${item.id}`);
    expectServerRendered(html, 'product');
    expect(html).toContain(`<h1 class="h3 me-auto">${ESCAPED}</h1>`);
    expect(html).toContain('data-testid="product-locked"');
    expect(html).toMatch(/data-testid="product-price">Price: €12\.50</);
    expect(html).toContain('data-ssr-control="unlock"');
    expect(html).toContain(`data-ssr-visit="POST /api/v1/items/${item.id}/visit"`);
    for (const media of paidMediaOf(item)) expect(html).not.toContain(media);
  });

  it('a pay-what-you-want product page says so and offers the suggested amount', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const item = await createItem(t, creator, {
      title: 'Tip jar',
      priceCents: 300,
      pwyw: { minPriceCents: 300, suggestedPriceCents: 750 },
    });
    const html = await page(`/product/${item.id}`);
    expectServerRendered(html, 'product');
    expect(html).toMatch(/data-testid="product-price">Pay what you want \(minimum €3\.00\)</);
    expect(html).toContain('Unlock for €7.50</button>');
  });

  it('the landing page shows its texts, real creators and items, with its stylesheet', async () => {
    const creator = await createUser(t, { role: 'creator', displayName: MALICIOUS });
    const item = await createItem(t, creator, { title: `Landing ${MALICIOUS}` });
    const html = await page('/');
    expectServerRendered(html, 'landing');
    expect(html).toContain('<h1 class="display-4 fw-bold">Welcome to Aura</h1>');
    expect(html).toContain('href="/assets/LandingPage-FFFFFFFF.css"');
    // Signing up is a plain link: no script needed.
    expect(html).toContain('href="/auth?tab=signup"');
    expect(html).toContain(`Landing ${ESCAPED}`);
    expect(html).not.toContain('<img src=x');
    for (const media of paidMediaOf(item)) expect(html).not.toContain(media);
  });

  it('discover shows the spotlight at once and leaves the posts, which are the viewer’s, to the app', async () => {
    const creator = await createUser(t, { role: 'creator', displayName: `Spot ${MALICIOUS}` });
    const item = await createItem(t, creator, { title: `Discover ${MALICIOUS}` });
    const html = await page('/discover');
    expectServerRendered(html, 'discover');
    // Discover needs sign-in: boot.ts loads the app at once, which sends a visitor to sign in.
    expect(html).toContain('data-ssr-sign-in');
    expect(html).toContain('<h1 class="h3 mb-4">Discover</h1>');
    expect(html).toContain(`href="/hypr/${creator.user.id}"`);
    expect(html).toContain(`Spot ${ESCAPED}`);
    // No post: whether one is locked depends on who is looking.
    expect(html).not.toContain(`Discover ${ESCAPED}`);
    expect(html).toContain('class="spinner-border"');
    // The signed-in header's place, not the visitor bar's sign-up links.
    expect(html).toContain('aura-header-placeholder');
    expect(html).not.toContain('href="/auth?tab=signup"');
    for (const media of paidMediaOf(item)) expect(html).not.toContain(media);
  });

  it("is written in the visitor's language: the saved one, else the browser's", async () => {
    const spanish = await page('/', { 'accept-language': 'es-ES,es;q=0.9' });
    expect(spanish).toContain('<html lang="es"');
    expect(spanish).toContain('Bienvenido a Aura');
    const german = await page('/', { 'accept-language': 'es', cookie: 'theme=x; lang=de' });
    expect(german).toContain('<html lang="de"');
    expect(german).toContain('Willkommen bei Aura');
  });

  it('a page without content for a visitor is the app as before', async () => {
    for (const url of ['/creator/nobody_by_this_name', '/product/987654321', '/wallet']) {
      const html = await page(url);
      expect(html, url).toContain('<div id="root"></div>');
      expect(html, url).toContain(
        '<script type="module" crossorigin src="/assets/index-AAAAAAAA.js">',
      );
    }
  });
});
