import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VERSION_TAG } from './version';

describe('VERSION_TAG', () => {
  it("is package.json's version (shown in the footer, the drawer and /api/v1/health)", () => {
    const pkg = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8'),
    ) as { version: string };
    expect(VERSION_TAG).toBe(`aura-${pkg.version}`);
  });
});
