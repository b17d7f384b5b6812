// Bundles the server for `npm start` (issue 17: restart to first answer). Loading ~300 TypeScript
// files through tsx's hooks took about half a second more than one bundle of plain JavaScript.
// Packages stay external (node_modules as installed); the optional adapters' libraries stay
// behind their dynamic imports, as separate chunks loaded only when configured.
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const serverOutDir = path.join(root, 'dist/server');

/**
 * A few files find what lies beside them (migrations, the locale files, the web build) from
 * `import.meta.url`. In the bundle each keeps its own: its URL as seen from the bundle's folder.
 */
const keepOwnUrl: Plugin = {
  name: 'keep-own-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\/server\/.*\.ts$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromBundle = path.relative(serverOutDir, args.path).split(path.sep).join('/');
      return {
        contents: source.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
        ),
        loader: 'ts',
      };
    });
  },
};

export async function buildServer(): Promise<void> {
  fs.rmSync(serverOutDir, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(root, 'server/main.ts')],
    outdir: serverOutDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [keepOwnUrl],
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await buildServer();
  console.log(`server bundled into ${path.relative(root, serverOutDir)}/main.js`);
}
