import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { PRECOMPRESS_MIN_BYTES, precompressDirectory } from './precompress';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aura-precompress-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('precompressDirectory', () => {
  it('writes brotli and gzip copies of large text files only', async () => {
    const script = 'export const greeting = "hello";\n'.repeat(200);
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets', 'app-1.js'), script);
    fs.writeFileSync(path.join(dir, 'assets', 'app-1.js.map'), script);
    fs.writeFileSync(path.join(dir, 'tiny.css'), 'a{}'.repeat(10));
    fs.writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(PRECOMPRESS_MIN_BYTES * 4));

    const written = await precompressDirectory(dir);

    const js = path.join(dir, 'assets', 'app-1.js');
    expect(written.sort()).toEqual([`${js}.br`, `${js}.gz`]);
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(fs.statSync(`${js}.br`).size).toBeLessThan(script.length / 10);
  });
});
