// `npm start` builds only when the build's inputs changed since the last build: a restart with
// nothing changed served after ~48 s of rebuilding the same bytes, against ~2 s for the server
// alone. The inputs' content hash is kept beside the build (dist/.build-inputs-hash) and written
// only after a build succeeds, so a failed or interrupted build is redone on the next start.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Folders and files whose content makes the build; tests and local data are not inputs. */
export const BUILD_INPUTS = [
  'web',
  'common',
  'server',
  'scripts/build-server.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];
const NOT_INPUT = /(?:\.test\.tsx?|\.spec\.tsx?)$|(?:^|\/)(?:node_modules|test)(?:\/|$)/;
/** What `npm start` runs: both must exist for the stored hash to mean anything. */
export const BUILD_OUTPUTS = ['dist/web/index.html', 'dist/server/main.js'];
export const HASH_FILE = 'dist/.build-inputs-hash';

function filesUnder(base: string, relative: string): string[] {
  const full = path.join(base, relative);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  if (!stat) return [];
  if (stat.isFile()) return [relative];
  if (!stat.isDirectory()) return [];
  return fs.readdirSync(full).flatMap((name) => filesUnder(base, path.posix.join(relative, name)));
}

/** The build inputs under `base` (relative, sorted), without tests. */
export function buildInputFiles(base: string, inputs: readonly string[] = BUILD_INPUTS): string[] {
  return inputs
    .flatMap((input) => filesUnder(base, input))
    .filter((file) => !NOT_INPUT.test(file))
    .sort();
}

/** One hash over every input's path and content: a rename, an edit or a new file changes it. */
export function hashBuildInputs(base: string, inputs: readonly string[] = BUILD_INPUTS): string {
  const hash = createHash('sha256');
  for (const file of buildInputFiles(base, inputs)) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(base, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Whether `npm start` must build: no complete build, or one made from other inputs. */
export function needsBuild(base: string, currentHash: string): boolean {
  if (BUILD_OUTPUTS.some((output) => !fs.existsSync(path.join(base, output)))) return true;
  const hashFile = path.join(base, HASH_FILE);
  return !fs.existsSync(hashFile) || fs.readFileSync(hashFile, 'utf8').trim() !== currentHash;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  // Hashed before building: an edit made while the build runs is built on the next start.
  const current = hashBuildInputs(root);
  if (!needsBuild(root, current)) {
    console.log('build is up to date with its sources (dist/.build-inputs-hash): not rebuilding');
  } else {
    // Gone while building: a build stopped halfway is not taken for a finished one.
    fs.rmSync(path.join(root, HASH_FILE), { force: true });
    const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
    fs.writeFileSync(path.join(root, HASH_FILE), `${current}\n`);
  }
}
