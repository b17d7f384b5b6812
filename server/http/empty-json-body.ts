import type { FastifyInstance } from 'fastify';

/**
 * SPEC §7's request helper sends `Content-Type: application/json` on every call, also on those
 * that take no body (follow, unfollow, the warn calls). Fastify refuses such an empty body with
 * a 400 of its own; here it reads as no body at all, so a call without a body answers as usual
 * and a call that needs one answers the catalogue's validation error. Any other text is JSON or
 * refused, as before.
 */
export function acceptEmptyJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser<string>(
    'application/json',
    { parseAs: 'string' },
    (request, body, done) => {
      if (body === '') done(null, undefined);
      else parseJson(request, body, done);
    },
  );
}
