import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BUILD_OUTPUTS,
  buildInputFiles,
  HASH_FILE,
  hashBuildInputs,
  needsBuild,
} from './build-if-changed';

let dir = '';
const write = (file: string, text: string): void => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
};
const INPUTS = ['web', 'server', 'package-lock.json'];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aura-build-inputs-'));
  write('web/src/App.tsx', 'export const App = 1;');
  write('server/main.ts', 'start();');
  write('package-lock.json', '{}');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('build inputs hash', () => {
  it('lists the sources but not tests or test helpers', () => {
    write('web/src/App.test.ts', 'test');
    write('server/test/factories.ts', 'helper');
    write('server/items.unit.test.ts', 'test');
    expect(buildInputFiles(dir, INPUTS)).toEqual([
      'package-lock.json',
      'server/main.ts',
      'web/src/App.tsx',
    ]);
  });

  it('changes with an edit, a new file or a rename, and not with a test', () => {
    const before = hashBuildInputs(dir, INPUTS);
    expect(hashBuildInputs(dir, INPUTS)).toBe(before);

    write('server/items.test.ts', 'test');
    expect(hashBuildInputs(dir, INPUTS)).toBe(before);

    write('server/main.ts', 'start(); ');
    const edited = hashBuildInputs(dir, INPUTS);
    expect(edited).not.toBe(before);

    write('web/src/New.tsx', '');
    const added = hashBuildInputs(dir, INPUTS);
    expect(added).not.toBe(edited);

    fs.renameSync(path.join(dir, 'web/src/New.tsx'), path.join(dir, 'web/src/Other.tsx'));
    expect(hashBuildInputs(dir, INPUTS)).not.toBe(added);
  });
});

describe('needsBuild', () => {
  const finishBuild = (hash: string): void => {
    for (const output of BUILD_OUTPUTS) write(output, 'built');
    write(HASH_FILE, `${hash}\n`);
  };

  it('builds when there is no build yet', () => {
    expect(needsBuild(dir, hashBuildInputs(dir, INPUTS))).toBe(true);
  });

  it('skips the build when the stored hash matches the sources', () => {
    finishBuild(hashBuildInputs(dir, INPUTS));
    expect(needsBuild(dir, hashBuildInputs(dir, INPUTS))).toBe(false);
  });

  it('builds when a source changed since the last build', () => {
    finishBuild(hashBuildInputs(dir, INPUTS));
    write('web/src/App.tsx', 'export const App = 2;');
    expect(needsBuild(dir, hashBuildInputs(dir, INPUTS))).toBe(true);
  });

  it('builds when an output is missing or no hash was stored (a stopped build)', () => {
    const hash = hashBuildInputs(dir, INPUTS);
    finishBuild(hash);
    fs.rmSync(path.join(dir, HASH_FILE));
    expect(needsBuild(dir, hash)).toBe(true);

    finishBuild(hash);
    fs.rmSync(path.join(dir, BUILD_OUTPUTS[0]!));
    expect(needsBuild(dir, hash)).toBe(true);
  });
});
