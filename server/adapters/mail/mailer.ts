/** One rendered mail, ready for a transport (issue 16). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers: Record<string, string>;
  /** Which template made it (kept by the outbox, useful in logs). */
  template: string;
  /** The idempotency key of the job sending it: a retried job is stored once by the outbox. */
  key: string;
  /**
   * The secret parts of the mail's links (tokens that act for the recipient): only the recipient
   * may read them, so the outbox stores the mail with each one hidden (issue 19).
   */
  secrets: readonly string[];
  /** A request caused it (sign-up, reset, a purchase), not a job or the demo seed. */
  causedByRequest: boolean;
}

/**
 * Where mails go: `smtp` (nodemailer) or the embedded `outbox`, stored in the database for the
 * admin outbox page. A thrown error makes the mail job retry with backoff.
 */
export interface Mailer {
  readonly name: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /**
   * Sends a batch in one go where the transport can (the outbox: one write); per message, in
   * order, null when sent or its error. Without it, `send` takes one at a time.
   */
  sendMany?(messages: readonly MailMessage[]): Promise<unknown[]>;
  close(): Promise<void>;
}
