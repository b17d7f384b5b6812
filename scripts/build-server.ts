// Bundles the server for `npm start` (issue 17: restart to first answer). Loading ~300 TypeScript
// files through tsx's hooks took about half a second more than one bundle of plain JavaScript,
// and Node 20's ESM loader spent about another 250 ms on the ~930 files of the packages, so
// those are bundled too (whitespace and syntax minified, names kept: about 70 ms less to read
// and compile). The optional adapters' code stays behind its dynamic imports, as separate
// chunks loaded only when configured.
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const serverOutDir = path.join(root, 'dist/server');
const benchOutDir = path.join(root, 'dist/bench-hot');

/**
 * A few files find what lies beside them (migrations, the locale files, the web build) from
 * `import.meta.url`. In the bundle each keeps its own: its URL as seen from the bundle's folder.
 */
const keepOwnUrl = (outDir: string): Plugin => ({
  name: 'keep-own-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\/server\/.*\.ts$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromBundle = path.relative(outDir, args.path).split(path.sep).join('/');
      return {
        contents: source.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
        ),
        loader: 'ts',
      };
    });
  },
});

/**
 * Packages loaded from node_modules as installed: native code (argon2, sharp), files found
 * beside their own (PGlite's WebAssembly, the Swagger UI's assets), the optional adapters'
 * libraries, and the optional native helpers of pg and ws. pino is bundled: loading its twenty
 * files took about 45 ms of a start (a CPU profile of the restart), and the app logs to stdout
 * with no transport, the one part of pino that needs its own files (worker threads).
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'sharp',
  '@fastify/swagger-ui',
  '@aws-sdk/*',
  'ioredis',
  'nodemailer',
  'stripe',
  'openai',
  'ollama',
  'pg-native',
  'bufferutil',
  'utf-8-validate',
];
/** The bundled CommonJS packages `require` Node's modules and the external packages. */
const REQUIRE_SHIM =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

async function bundle(entry: string, outDir: string): Promise<void> {
  fs.rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(root, entry)],
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    banner: { js: REQUIRE_SHIM },
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [keepOwnUrl(outDir)],
  });
}

export const buildServer = (): Promise<void> => bundle('server/main.ts', serverOutDir);

/**
 * The hot-path benchmark's server process (bench/hot/server.ts), bundled as `npm start`'s server
 * is, so the benchmark measures the code that ships: through tsx every function made inside
 * another is wrapped at each call to keep its name, which the bundle does not do. Returns the
 * bundle's entry.
 */
export async function buildBenchServer(): Promise<string> {
  await bundle('bench/hot/server.ts', benchOutDir);
  return path.join(benchOutDir, 'server.js');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await buildServer();
  console.log(`server bundled into ${path.relative(root, serverOutDir)}/main.js`);
}
