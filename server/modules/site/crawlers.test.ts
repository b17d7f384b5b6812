import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createItem, createUser } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://aura.example' } });
}, 120_000);
afterAll(() => t.close());

describe('GET /robots.txt', () => {
  it('is a robots file that keeps crawlers off the API and points to the sitemap', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /admin');
    expect(lines).toContain('Sitemap: https://aura.example/sitemap.xml');
  });
});

describe('GET /sitemap.xml', () => {
  it('lists public creator pages and listed items, nothing hidden, unavailable or suspended', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const listed = await createItem(t, creator, { title: 'listed' });
    const hidden = await createItem(t, creator, { title: 'hidden' });
    await t.db.update(items).set({ hidden: true }).where(eq(items.id, hidden.id));
    const withdrawn = await createItem(t, creator, { title: 'withdrawn' });
    await t.db.update(items).set({ status: 'unavailable' }).where(eq(items.id, withdrawn.id));
    const suspended = await createUser(t, { role: 'creator', status: 'suspended' });
    const ofSuspended = await createItem(t, suspended);
    const fan = await createUser(t, { role: 'user' });

    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(locs).toContain('https://aura.example/');
    expect(locs).toContain(`https://aura.example/creator/${creator.user.username}`);
    expect(locs).toContain(`https://aura.example/product/${listed.id}`);
    for (const absent of [
      `https://aura.example/product/${hidden.id}`,
      `https://aura.example/product/${withdrawn.id}`,
      `https://aura.example/product/${ofSuspended.id}`,
      `https://aura.example/creator/${suspended.user.username}`,
      `https://aura.example/creator/${fan.user.username}`,
    ]) {
      expect(locs).not.toContain(absent);
    }
  });
});
