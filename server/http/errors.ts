import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** A refusal the client caused: answered with its status and `{ error }`, never logged as a fault. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) =>
  new HttpError(400, message, extra);
export const unauthorized = (message = 'Sign-in required') => new HttpError(401, message);
export const forbidden = (message = 'You may not do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) =>
  new HttpError(409, message, extra);

// A message key from common/ (e.g. `usernameTooShort`) is already a complete answer for the UI;
// zod's own sentences do not say which field they are about, so those get the field in front.
const MESSAGE_KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)*$/;

function describeValidation(
  context: string | undefined,
  instancePath: string,
  message: string,
): { error: string; field: string } {
  const field = instancePath.replace(/^\//, '').replaceAll('/', '.') || (context ?? 'body');
  return { error: MESSAGE_KEY.test(message) ? message : `${field}: ${message}`, field };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const answer = describeValidation(
        err.validationContext,
        first?.instancePath ?? '',
        first?.message ?? 'Invalid request',
      );
      return reply.status(400).send(answer);
    }
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({ error: err.message, ...err.extra });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals (bad JSON, body too large, rate limit, unsupported media type).
      return reply.status(status).send({ error: err.message });
    }
    request.log.error({ err, reqId: request.id }, 'request failed');
    return reply.status(500).send({ error: 'Internal server error', requestId: request.id });
  });
}

export const isApiPath = (url: string) => /^\/(api|v1)(\/|$|\?)/.test(url);
