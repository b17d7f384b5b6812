import type { FastifyInstance } from 'fastify';

type Operations = Record<string, Record<string, { responses?: Record<string, unknown> }>>;

/** `/api/v1/items/:id` as the OpenAPI document writes it: `/api/v1/items/{id}`. */
const documentPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * Holds the OpenAPI document to what the API really answers (issue 41): every refusal a test
 * provokes must be a status its operation lists, or a client generated from the document has
 * no type for it. Records each answer while the app runs; `undocumented()` names those the
 * document leaves out (routes the document hides, such as pages, are not checked).
 */
export function watchDocumentedAnswers(app: FastifyInstance): { undocumented(): string[] } {
  const seen = new Set<string>();
  app.addHook('onResponse', (request, reply, done) => {
    const url = request.routeOptions.url;
    if (url && reply.statusCode >= 400 && reply.statusCode < 500) {
      seen.add(`${request.method} ${url} ${reply.statusCode}`);
    }
    done();
  });
  return {
    undocumented() {
      const paths = (app.swagger() as unknown as { paths: Operations }).paths;
      return [...seen].filter((answer) => {
        const [method, url, status] = answer.split(' ') as [string, string, string];
        const operation = paths[documentPath(url)]?.[method.toLowerCase()];
        return operation !== undefined && !(status in (operation.responses ?? {}));
      });
    },
  };
}
