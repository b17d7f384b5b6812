import { hideSecrets } from './secrets';

/** Where a failed try is written: the app's logger (pino's `warn(details, message)`). */
export interface MailLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/** What may be logged and shown to admins of a failed try. */
export interface SendFailure {
  /** The mail server's error (nodemailer puts its SMTP answer in the message). */
  error: string;
  /** nodemailer's kind of failure: ECONNECTION, EAUTH, EENVELOPE, ETIMEDOUT, ... */
  code?: string;
  /** The SMTP reply code, e.g. 421 or 550. */
  responseCode?: number;
}

/**
 * A failed try as it may be logged and kept (issue 19): the error's message and codes, with
 * any secret of the mail's links hidden, should a mail server quote the mail back.
 */
export function sendFailure(err: unknown, secrets: readonly string[]): SendFailure {
  const e = (err && typeof err === 'object' ? err : {}) as {
    message?: unknown;
    code?: unknown;
    responseCode?: unknown;
  };
  const message = typeof e.message === 'string' ? e.message : String(err);
  return {
    error: hideSecrets(message, secrets),
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof e.responseCode === 'number' ? { responseCode: e.responseCode } : {}),
  };
}
