import type { FastifyInstance } from 'fastify';

/**
 * One log line per request (issue 10), written when the answer has been sent: method, path,
 * status, duration and request id. Fastify's own pair of lines ("incoming request" and "request
 * completed") is turned off in buildApp; 5xx answers are logged at error level by the error
 * handler as well, with the error.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const level = reply.statusCode >= 500 ? 'error' : 'info';
    request.log[level](
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        responseTimeMs: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      'request',
    );
    done();
  });
}
