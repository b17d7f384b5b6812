/** Debian's Chromium: nothing downloads a browser (see docs/testing.md). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_DATA_DIR = `/tmp/aura-e2e-${E2E_PORT}`;
