import { RequestError } from '../../../shared/api/request';

/**
 * SPEC §8: the server's own text when the session creation failed with one (shown after the
 * checkout error label), else null so the page shows the generic payment-session error.
 */
export function serverErrorText(error: unknown): string | null {
  if (!(error instanceof RequestError)) return null;
  // Translated from the server's code when the catalogue knows it (issue 10).
  if (error.code !== null && error.message !== error.serverText) return error.message;
  const body = error.body;
  if (!body || typeof body !== 'object') return null;
  const fields = body as { error?: unknown; message?: unknown };
  if (typeof fields.error === 'string' && fields.error) return fields.error;
  if (typeof fields.message === 'string' && fields.message) return fields.message;
  return null;
}

export const isSignInError = (error: unknown): boolean =>
  error instanceof RequestError && error.status === 401;
