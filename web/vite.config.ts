import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { themeStylesheets } from './build/theme-stylesheets.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  plugins: [react(), themeStylesheets(), precompress()],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: path.resolve(here, 'src/vendor/use-sync-external-store-shim.ts'),
      },
    ],
  },
  css: {
    preprocessorOptions: {
      // Bootstrap 5.3's Sass predates the module system: its deprecation notices are not ours.
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  build: {
    outDir: path.resolve(here, '../dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    // Every browser the app supports preloads modules itself; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    // The server reads which files a server-rendered page needs (server/http/ssr/build-files.ts).
    manifest: true,
    rolldownOptions: {
      // boot.ts is the one script of a server-rendered public page; it loads the app on demand.
      input: { index: path.resolve(here, 'index.html'), boot: path.resolve(here, 'src/boot.ts') },
      output: {
        codeSplitting: {
          groups: [
            {
              // The landing page's small shared parts travel as one file, not six round trips
              // each carrying its own import/export glue (e2e/landing-budget.spec.ts).
              name: 'landing-parts',
              test: /web\/src\/features\/(billing\/components\/(LockIcon|TierBadge)|items\/components\/(Avatar|PreviewPicture))\.tsx$|common\/rules\/(money|tiers)\.ts$/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/v1': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
    },
  },
});
