import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorText } from '../../common/errors';
import { isApiPath } from './errors';

/**
 * Serves the built web app. Hashed assets are immutable for a year; index.html is revalidated
 * so a new release is picked up at once. Unknown non-API paths get the SPA, which shows its 404.
 * The build writes brotli and gzip copies of its text files (web/build/precompress.ts); a
 * client that accepts one of them gets it as it is, with `Vary: accept-encoding`.
 */
export async function registerSpa(app: FastifyInstance, webRoot: string | null): Promise<void> {
  const hasBuild = webRoot !== null && fs.existsSync(path.join(webRoot, 'index.html'));
  if (hasBuild) {
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
  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    // A missing hashed asset (an old page after a release) is a 404, not HTML posing as JavaScript.
    const isAssetPath = request.url.startsWith('/assets/');
    if (!isApiPath(request.url) && !isAssetPath && isPageRequest && hasBuild) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    const params = { method: request.method, path: request.url };
    return reply
      .status(404)
      .send({ error: errorText('route_not_found', params), code: 'route_not_found', params });
  });
}
