// What other modules may use of e-mail (issue 16). The mail tables are written only here.
export { endResetLinks, queueVerificationMail, requestEmailChange } from './account-mail';
export { mailBacklog } from './backlog';
export { defineMailJob } from './delivery';
export { scheduleDigests } from './digest';
export { defineNewsletterJobs } from './newsletter';
export { createOutboxMailer } from './outbox';
export { queueMail, MAIL_JOB, type MailJobPayload } from './queue';
export { linkToken, tokenHash } from './tokens';
export { mailRoutes } from './routes';
