import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorText } from '../../common/errors';
import { creatorUsernameOf, PAGE_PATHS } from '../../common/rules/page-paths';
import type { PageSettings } from '../../common/rules/page-settings';
import type { CreatorProfileResponse } from '../../common/schemas/creator-profile';
import { isApiPath } from './errors';
import { renderPageHtml, type PagePreview } from './page-html';
import { readBuildFiles } from './ssr/build-files';
import { publicPageData } from './ssr/page-data';
import { languageOf, serverRenderedPage } from './ssr/render';

export interface SpaOptions {
  /** What the server tells the web app in the page's head (test mode default, mail). */
  settings: PageSettings;
  /** The link preview of a creator's page, null when a signed-out visitor may not see it. */
  creatorPreview(username: string): Promise<PagePreview | null>;
  /** A creator's profile as a signed-out visitor sees it, without counting a visit. */
  creatorProfile(username: string): Promise<CreatorProfileResponse | null>;
}

/**
 * Serves the built web app. Hashed assets are immutable for a year; pages are revalidated so a
 * new release is picked up at once. Only the web app's pages (common/rules/page-paths.ts) get its
 * HTML with status 200; any other path is a 404: an API caller or a probe of /healthz gets the
 * JSON error, a browser asking for HTML the app's page (which shows its "not found"), with 404.
 * The build writes brotli and gzip copies of its files (web/build/precompress.ts); a client that
 * accepts one of them gets it as it is, with `Vary: accept-encoding`. index.html is filled in
 * per request (settings, and a creator page's preview tags) and compressed like any answer.
 */
export async function registerSpa(
  app: FastifyInstance,
  webRoot: string | null,
  options: SpaOptions,
): Promise<void> {
  const template =
    webRoot !== null && fs.existsSync(path.join(webRoot, 'index.html'))
      ? fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8')
      : null;
  if (template !== null && webRoot !== null) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Relative to the build: a webRoot that itself lies under some `assets` folder must not
        // make index.html immutable.
        const isHashedAsset = path.relative(webRoot, filePath).startsWith(`assets${path.sep}`);
        reply.header(
          'cache-control',
          isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  const files = template !== null && webRoot !== null ? readBuildFiles(webRoot, template) : null;

  /*
   * Public pages (landing, a creator's page, a product page) come rendered with their content as
   * a signed-out visitor sees it (server/http/ssr/, docs/architecture.md "Server-rendered public
   * pages"); every other page is the app's shell, which the app fills in.
   */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    const username = creatorUsernameOf(pathname);
    const preview = username === null ? null : await options.creatorPreview(username);
    const page = renderPageHtml(template ?? '', options.settings, preview);
    const data =
      files && reply.statusCode === 200
        ? await publicPageData(app, pathname, username, request.ip, options.creatorProfile)
        : null;
    const rendered =
      files && data ? serverRenderedPage(page, files, data, languageOf(request), pathname) : null;
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language, cookie')
      .type('text/html; charset=utf-8')
      .send(rendered ?? page);
  };

  if (template !== null) {
    // Real routes, not the not-found handler, so the answers are compressed like any other.
    const routes = PAGE_PATHS.flatMap((page) =>
      page.endsWith('/*') ? [page.slice(0, -2), page] : [page],
    );
    for (const route of routes) {
      app.get(route, { schema: { hide: true } }, async (request, reply) =>
        sendPage(request, reply, request.url.split('?')[0] ?? '/'),
      );
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    const pathname = request.url.split('?')[0] ?? '/';
    if (template !== null && isPageRequest && !isApiPath(request.url)) {
      // A person who mistyped a link sees the app's "not found" page; the status says 404 all the same.
      const wantsHtml = request.headers.accept?.includes('text/html') === true;
      const looksLikePage = !/\.[A-Za-z0-9]+$/.test(pathname) && !pathname.startsWith('/assets/');
      if (wantsHtml && looksLikePage) {
        reply.status(404);
        return sendPage(request, reply, pathname);
      }
    }
    const params = { method: request.method, path: request.url };
    return reply
      .status(404)
      .send({ error: errorText('route_not_found', params), code: 'route_not_found', params });
  });
}
