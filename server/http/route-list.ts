import type { FastifyInstance } from 'fastify';

const lists = new WeakMap<FastifyInstance, string[]>();

/**
 * Remembers every route registered on `app` from now on as `METHOD /path` (OpenAPI spelling,
 * `{id}`), so the authorization matrix test can fail on a route without a row (issue 18).
 */
export function trackRoutes(app: FastifyInstance): void {
  const list: string[] = [];
  lists.set(app, list);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      list.push(`${method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    }
  });
}

/** The routes `trackRoutes` saw on `app`. */
export const routesOf = (app: FastifyInstance): readonly string[] => lists.get(app) ?? [];
