/** Debian's Chromium: nothing downloads a browser (see docs/testing.md). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_DATA_DIR = `/tmp/aura-e2e-${E2E_PORT}`;
/**
 * The test run's mail server (support/mail-sink.ts): the app delivers to it over SMTP, as to any
 * mail server, and the tests read what arrived over HTTP, as the recipients' mailboxes.
 */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? E2E_PORT + 2000);
export const E2E_MAILBOX_PORT = E2E_SMTP_PORT + 1;
