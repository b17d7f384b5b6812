import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../rules/account';
import { NOTICE_KINDS } from '../rules/locales';
import { Email } from './auth';

/*
 * E-mail (issue 16): verification, password reset, the admin's outbox and the notice switches.
 * Tokens are opaque strings handed out only in mails; a malformed one answers like an unknown one.
 */

const MailToken = z.string().trim().min(1, 'invalidToken').max(200, 'invalidToken');

/** POST /api/v1/auth/verify-email: the token of a verification (or e-mail change) link. */
export const VerifyEmailRequest = z.object({ token: MailToken });
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequest>;

/**
 * POST /api/v1/auth/not-me: the token of a confirmation mail's "this was not me" link, which
 * takes the address back from the account the mail named.
 */
export const NotMeRequest = z.object({ token: MailToken });
export type NotMeRequest = z.infer<typeof NotMeRequest>;

export const VerifyEmailResponse = z.object({
  message: z.string(),
  /** The address now verified (after an e-mail change, the new one). */
  email: z.string(),
});
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponse>;

/** GET /api/v1/auth/email-status: what the verification banner needs. */
export const EmailStatusResponse = z.object({
  email: z.string(),
  verified: z.boolean(),
  /** An address waiting for its own verification before it replaces `email`. */
  pendingEmail: z.string().nullable(),
  /**
   * False when the address's owner took it back ("this was not me"): `email` is then a stand-in
   * no mail reaches, and the account needs a new address (account settings).
   */
  hasAddress: z.boolean(),
});
export type EmailStatusResponse = z.infer<typeof EmailStatusResponse>;

/** POST /api/v1/auth/forgot-password. */
export const ForgotPasswordRequest = z.object({ email: Email });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

/** POST /api/v1/auth/reset-password: SPEC §5 strength rules apply to `password`. */
export const ResetPasswordRequest = z
  .object({
    token: MailToken,
    password: z.string().min(1, 'required').max(PASSWORD_MAX_LENGTH, 'invalidInput'),
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH, 'invalidInput'),
  })
  .refine((b) => b.password === b.confirmPassword, {
    message: 'passwordMismatch',
    path: ['confirmPassword'],
  });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** One mail the outbox adapter kept, as the admin's outbox page shows it. */
export const OutboxMail = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  template: z.string(),
  sentAt: z.string(),
});
export type OutboxMail = z.infer<typeof OutboxMail>;

/** A mail the job runner gave up on: visible to admins whichever adapter is configured. */
export const FailedMail = z.object({
  id: z.number(),
  template: z.string(),
  to: z.string().nullable(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  failedAt: z.string().nullable(),
});
export type FailedMail = z.infer<typeof FailedMail>;

/** A mail not sent yet: queued, or waiting for its next try after failed ones. */
export const WaitingMail = z.object({
  id: z.number(),
  template: z.string(),
  to: z.string().nullable(),
  /** Tries so far (0: not tried yet). */
  attempts: z.number(),
  /** Why the last try failed (the mail server's answer), null before any failure. */
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
});
export type WaitingMail = z.infer<typeof WaitingMail>;

/**
 * GET /api/v1/admin/outbox (admin only): newest first. Secrets of links that act for their
 * recipient (reset, verification, e-mail change, unsubscribe) read `[hidden]` (issue 19).
 */
export const OutboxResponse = z.object({
  transport: z.enum(['outbox', 'smtp']),
  /** Production without an SMTP server: mails stay in this outbox and reach nobody. */
  notDelivered: z.boolean(),
  mails: z.array(OutboxMail),
  failed: z.array(FailedMail),
  /** Mails queued and not yet delivered (including ones waiting for a retry). */
  pending: z.number(),
  /** The oldest of those, with their tries and last error. */
  waiting: z.array(WaitingMail),
});
export type OutboxResponse = z.infer<typeof OutboxResponse>;

/**
 * Undelivered mail as GET /api/v1/health reports it (issue 19): informative, it does not make
 * the answer 503 (a mail server away is no reason to take an instance out of a load balancer).
 */
export const MailHealth = z.object({
  /** failed + overdue. */
  undelivered: z.number(),
  /** Mails the job runner gave up on after its last try. */
  failed: z.number(),
  /** Mails still waiting `overdueAfterSeconds` after they were queued. */
  overdue: z.number(),
  overdueAfterSeconds: z.number(),
});
export type MailHealth = z.infer<typeof MailHealth>;

export const OutboxQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** The notice switches of account settings; every kind is on until switched off. */
export const NoticeSettings = z.object(
  Object.fromEntries(NOTICE_KINDS.map((k) => [k, z.boolean()])) as Record<
    (typeof NOTICE_KINDS)[number],
    z.ZodBoolean
  >,
);
export type NoticeSettings = z.infer<typeof NoticeSettings>;
export const NoticeSettingsPatch = NoticeSettings.partial().strict();
export type NoticeSettingsPatch = z.infer<typeof NoticeSettingsPatch>;

/** POST /api/v1/mail/unsubscribe: the signed token of an unsubscribe link, no sign-in. */
export const UnsubscribeRequest = z.object({ token: MailToken });
export const UnsubscribeResponse = z.object({
  message: z.string(),
  /** `newItems`: a new-post mail's link, which switches off that one creator's mails (issue 42). */
  kind: z.enum([...NOTICE_KINDS, 'newItems']),
  creatorId: z.string().optional(),
});
