import { defineConfig } from '@playwright/test';
import {
  CHROMIUM_PATH,
  E2E_DATA_DIR,
  E2E_MAILBOX_PORT,
  E2E_PORT,
  E2E_SMTP_PORT,
} from './support/env';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results',
  fullyParallel: false,
  // Two files at a time on the one server: each test makes its own accounts and data.
  workers: 2,
  retries: 0,
  // A whole flow (sign-up, several pages, axe runs) takes 20-35 s when the shared 2-core
  // machine is busy; 30 s failed sound tests there.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // Recording a trace for every test costs about a tenth of the suite's time on 2 cores;
    // to look into a failure, run it again with `--trace on`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      // The run's mail server (support/mail-sink.ts): mails are read where their recipient reads
      // them, never from the admin outbox, which hides their links' secrets (issue 19).
      command: 'node --import tsx e2e/support/mail-sink.ts',
      cwd: '..',
      url: `http://127.0.0.1:${E2E_MAILBOX_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // A fresh data directory per run: the server seeds it like a first start. It runs the
      // bundle `npm run build` made (test:e2e builds first), as `npm start` does.
      command: `rm -rf ${E2E_DATA_DIR} && node dist/server/main.js`,
      cwd: '..',
      url: `http://127.0.0.1:${E2E_PORT}/api/v1/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA_DIR,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        // The whole browser suite signs up and in from one address within a few minutes.
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      },
    },
  ],
});
