/**
 * The pages a signed-out visitor or a link-preview bot reads: a creator's shared link carries
 * its Open Graph and Twitter card tags in the HTML the server sends (bots run no JavaScript),
 * and the page's head tells the web app the server's settings.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { createItem, createUser } from '../test/factories';

const INDEX_HTML =
  '<!doctype html><html><head><meta name="description" content="Aura: memberships" /><title>Aura</title></head><body></body></html>';

let webRoot: string;
let t: TestApp;
beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'aura-pages-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
  t = await createTestApp({ webRoot, env: { PUBLIC_URL: 'https://aura.example' } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(html)?.[1];

describe('a creator page as a link preview reads it', () => {
  it('carries the creator name, description and page URL, HTML-escaped', async () => {
    const creator = await createUser(t, {
      role: 'creator',
      bio: 'Loops & <script>alert("x")</script> beats',
    });
    const res = await t.app.inject({ url: `/creator/${creator.user.username}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).not.toContain('<script>alert');
    const description = 'Loops &amp; &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; beats';
    expect(metaContent(html, 'og:title')).toBe(`${creator.user.username} · Aura`);
    expect(metaContent(html, 'og:description')).toBe(description);
    expect(metaContent(html, 'description')).toBe(description);
    expect(metaContent(html, 'twitter:description')).toBe(description);
    expect(metaContent(html, 'og:url')).toBe(
      `https://aura.example/creator/${creator.user.username}`,
    );
    expect(metaContent(html, 'twitter:card')).toBe('summary');
    expect(html).toContain(`<title>${creator.user.username} · Aura</title>`);
    // The app's own description is replaced, not doubled.
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    // Feed readers find the creator's public feed (issue 42).
    expect(html).toContain(
      `<link rel="alternate" type="application/rss+xml" title="${creator.user.username} · RSS" href="https://aura.example/api/v1/feeds/${creator.user.username}.rss" />`,
    );
  });

  it('names the avatar as an absolute image URL', async () => {
    const creator = await createUser(t, { role: 'creator', profileImage: '/media/face.png' });
    const html = (await t.app.inject({ url: `/creator/${creator.user.username}` })).body;
    expect(metaContent(html, 'og:image')).toBe('https://aura.example/media/face.png');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
  });

  it('previews nothing for an unknown or unlisted name, and still serves the app', async () => {
    for (const name of ['nobody_here', '%3Cb%3E', 'settings']) {
      const res = await t.app.inject({ url: `/creator/${name}` });
      expect(res.statusCode, name).toBe(200);
      expect(metaContent(res.body, 'og:title'), name).toBeUndefined();
      expect(res.body, name).toContain('<title>Aura</title>');
    }
  });
});

describe('the settings in the page head', () => {
  it('start test mode on for a demo install and say mail is not delivered without SMTP', async () => {
    const html = (await t.app.inject({ url: '/' })).body;
    expect(metaContent(html, 'aura:test-mode-default')).toBe('on');
    expect(metaContent(html, 'aura:mail-delivers')).toBe('off');
  });
});

describe('a production server', () => {
  it('starts test mode off and says mail is delivered when SMTP is set', async () => {
    const prod = await createTestApp({
      webRoot,
      env: {
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://aura.example',
        SMTP_URL: 'smtp://127.0.0.1:2525',
      },
    });
    try {
      const html = (await prod.app.inject({ url: '/dashboard' })).body;
      expect(metaContent(html, 'aura:test-mode-default')).toBe('off');
      expect(metaContent(html, 'aura:mail-delivers')).toBe('on');
    } finally {
      await prod.close();
    }
  });
});

describe('what a signed-out visitor of a shared link reads from the API', () => {
  it('shows the public profile with paid items locked and no private fields', async () => {
    const creator = await createUser(t, {
      role: 'creator',
      phoneNumber: '+44 20 7946 0000',
      birthDate: '1990-12-10',
    });
    const item = await createItem(t, creator, { priceCents: 999 });
    for (const url of [
      `/api/v1/users/${creator.user.id}`,
      `/api/v1/creators/${creator.user.username}`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      const body = res.json();
      const tiles = (body.content ?? body.items) as {
        id: number;
        isUnlocked: boolean;
        thumbnail: string | null;
      }[];
      const tile = tiles.find((each) => each.id === item.id);
      expect(tile, url).toMatchObject({ isUnlocked: false });
      expect(tile?.thumbnail ?? '', url).not.toContain('full');
      expect(res.body, url).not.toContain(creator.user.email);
      expect(res.body, url).not.toContain('7946');
      expect(res.body, url).not.toContain('1990-12-10');
      expect(res.body, url).not.toContain('videos/');
    }
  });
});
