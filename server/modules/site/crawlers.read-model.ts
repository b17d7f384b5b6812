import { and, eq, inArray, sql } from 'drizzle-orm';
import { rolesWith } from '../../../common/rules/permissions';
import type { Database } from '../../db/client';
import { items, users } from '../../db/schema/index';
import { escapeHtml } from '../../http/page-html';
import { listedItem } from '../items/index';

/*
 * What search engines read (issue "What a first-time visitor … meet"): robots.txt and a sitemap
 * of the pages a signed-out visitor can open: public creator pages and listed products.
 */

/** The sitemap protocol's cap on URLs per file. */
const SITEMAP_MAX_URLS = 50_000;

/** robots.txt: crawl the public pages, not the API or the signed-in areas. */
export function robotsTxt(publicUrl: string): string {
  const privatePaths = [
    '/api/',
    '/v1/',
    '/admin',
    '/masteraxis',
    '/dashboard',
    '/messages',
    '/wallet',
    '/account',
    '/upload',
    '/studio',
    '/checkout',
    '/pay/',
  ];
  return [
    'User-agent: *',
    'Allow: /',
    ...privatePaths.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * sitemap.xml: the landing page, each active creator's page (the roles that offer memberships,
 * and anyone with a listed item) and each listed item of an active creator.
 */
export async function sitemapXml(db: Database, publicUrl: string): Promise<string> {
  const products = await db
    .select({ id: items.id })
    .from(items)
    .innerJoin(users, eq(users.id, items.creatorId))
    .where(and(listedItem(), eq(users.status, 'active')))
    .orderBy(items.id)
    .limit(SITEMAP_MAX_URLS / 2);
  const creators = await db
    .select({ username: users.username })
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        sql`(${inArray(users.role, rolesWith('membership.offer'))} or exists (
          select 1 from ${items} where ${items.creatorId} = ${users.id} and ${listedItem()}))`,
      ),
    )
    .orderBy(users.username)
    .limit(SITEMAP_MAX_URLS / 2 - 1);
  const urls = [
    `${publicUrl}/`,
    ...creators.map((c) => `${publicUrl}/creator/${encodeURIComponent(c.username)}`),
    ...products.map((p) => `${publicUrl}/product/${p.id}`),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((url) => `  <url><loc>${escapeHtml(url)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
}
