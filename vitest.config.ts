import { defineConfig } from 'vitest/config';
import { API_TEST_WORKERS } from './server/test/workers.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'common/**/*.test.ts',
            'server/**/*.unit.test.ts',
            'web/**/*.test.ts',
            'bench/**/*.unit.test.ts',
            'scripts/**/*.unit.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          exclude: ['server/**/*.unit.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          setupFiles: ['server/test/worker-setup.ts'],
          maxWorkers: API_TEST_WORKERS,
          // The files of a worker share their modules: the server's graph is imported once per
          // worker, not once per file (docs/testing.md). Each file still builds its own apps.
          isolate: false,
          // Its own group, as its worker count may differ from the unit project's.
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
