import type { FastifyInstance } from 'fastify';

/**
 * Query parameters whose values act for someone (issue 19): the tokens of reset, verification,
 * e-mail change and unsubscribe links (`token`), signed media URLs (`sig`) and anything named a
 * token, secret, signature, password or code. Whoever reads the log must not be able to use them.
 */
const SECRET_PARAM = /token|secret|password|signature|^sig$|^code$|^key$/i;

/** What the log shows instead of a secret. */
export const REDACTED = '[redacted]';

/**
 * Path segments that act for someone (issue 42): the token of a private feed link, in
 * `/api/v1/feeds/{username}/{token}.rss` and in its media links.
 */
const SECRET_PATH = /^(\/api\/v1\/feeds\/[^/?#]+\/)([^/?#]+?)(\.rss(?=[?#]|$)|\/|[?#]|$)/;

const redactPath = (url: string): string =>
  url.replace(SECRET_PATH, (_whole, before: string, _token: string, after: string) =>
    [before, REDACTED, after].join(''),
  );

/**
 * `url` with the values of its secret query parameters and its secret path segments replaced
 * (the rest of the path and the other values kept).
 */
export function redactUrl(url: string): string {
  url = redactPath(url);
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replaceAll('+', ' '));
      } catch {
        // A malformed name is logged as sent; its value is still judged by the raw name.
      }
      return eq >= 0 && SECRET_PARAM.test(name) ? `${rawName}=${REDACTED}` : pair;
    });
  return `${url.slice(0, at)}?${query.join('&')}`;
}

/**
 * Log paths pino replaces (issue 19): credentials in headers, and the secrets a body may carry
 * (a reset or verification token, passwords) wherever a body or an object is logged.
 */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.confirmPassword',
  '*.token',
  '*.body.token',
  '*.body.password',
];

/** Fastify's request serializer, with the URL's secrets redacted, for the lines it logs itself. */
export const requestSerializer = (req: {
  method: string;
  url: string;
  id?: unknown;
  ip?: string;
}) => ({ method: req.method, url: redactUrl(req.url), id: req.id, ip: req.ip });

/**
 * The level of a request's line: 5xx is an error; in development a successful or redirected
 * answer is debug, so the console of someone clicking through the app shows what went wrong,
 * not every asset and poll (`LOG_LEVEL=debug` brings them back). Elsewhere every answer is
 * logged at info, for whoever reads the JSON lines.
 */
export function requestLogLevel(
  statusCode: number,
  environment: 'development' | 'production' | 'test',
): 'error' | 'info' | 'debug' {
  if (statusCode >= 500) return 'error';
  return environment === 'development' && statusCode < 400 ? 'debug' : 'info';
}

/**
 * One log line per request (issue 10), written when the answer has been sent: method, path,
 * status, duration and request id. Fastify's own pair of lines ("incoming request" and "request
 * completed") is turned off in buildApp; 5xx answers are logged at error level by the error
 * handler as well, with the error. The URL's secrets are redacted (issue 19).
 */
export function registerRequestLog(
  app: FastifyInstance,
  environment: 'development' | 'production' | 'test',
): void {
  app.addHook('onResponse', (request, reply, done) => {
    const level = requestLogLevel(reply.statusCode, environment);
    request.log[level](
      {
        method: request.method,
        url: redactUrl(request.url),
        statusCode: reply.statusCode,
        responseTimeMs: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      'request',
    );
    done();
  });
}
