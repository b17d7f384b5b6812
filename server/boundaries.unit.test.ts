import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { MODULE_LAYERS } from '../eslint-boundaries.js';

/*
 * The module boundaries are lint rules (eslint-boundaries.js). These fixtures are linted as if
 * they were files at the given paths, so a rule that stops catching what it should fails here.
 */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

const use = 'export const used = [x];\n';

describe('module boundaries (npm run lint)', () => {
  it("refuses a module importing another module's internals", async () => {
    const errors = await boundaryErrors(
      'server/modules/feed/fixture.ts',
      `import { x } from '../items/cards';\n${use}`,
    );
    expect(errors).toEqual([expect.stringMatching(/only through its index\.ts/)]);
  });

  it('allows the other module’s index.ts and shared infrastructure', async () => {
    for (const source of ['../items/index', '../../db/keyset', '../../http/errors', './service']) {
      expect(
        await boundaryErrors(
          'server/modules/feed/fixture.ts',
          `import { x } from '${source}';\n${use}`,
        ),
      ).toEqual([]);
    }
  });

  it('refuses internals from outside the modules too', async () => {
    const errors = await boundaryErrors(
      'server/jobs/fixture.ts',
      `import { x } from '../modules/billing/renewals';\n${use}`,
    );
    expect(errors).toHaveLength(1);
  });

  it("refuses writing another module's table, and allows writing one's own", async () => {
    const write = (table: string) =>
      `import { ${table} } from '../../db/schema/index';\nexport const f = (tx: any) => tx.update(${table}).set({});\n`;
    expect(await boundaryErrors('server/modules/billing/fixture.ts', write('items'))).toEqual([
      expect.stringMatching(/Only the module that owns a table writes it/),
    ]);
    expect(await boundaryErrors('server/modules/items/fixture.ts', write('items'))).toEqual([]);
    expect(await boundaryErrors('server/http/fixture.ts', write('users'))).toHaveLength(1);
  });

  it('reads across modules are allowed (joins)', async () => {
    const read = `import { items } from '../../db/schema/index';\nexport const f = (tx: any) => tx.select().from(items);\n`;
    expect(await boundaryErrors('server/modules/feed/fixture.ts', read)).toEqual([]);
  });

  it('refuses an import of a module of the same or a higher layer, and allows lower ones', async () => {
    const importing = (from: string, to: string) =>
      boundaryErrors(
        `server/modules/${from}/fixture.ts`,
        `import { x } from '../${to}/index';\n${use}`,
      );
    const upward = /imports only modules of lower layers/;
    expect(await importing('media', 'users')).toEqual([expect.stringMatching(upward)]);
    expect(await importing('access', 'items')).toEqual([expect.stringMatching(upward)]);
    expect(await importing('items', 'follows')).toEqual([expect.stringMatching(upward)]);
    expect(await importing('billing', 'profiles')).toEqual([expect.stringMatching(upward)]);
    expect(await importing('items', 'users')).toEqual([]);
    expect(await importing('profiles', 'billing')).toEqual([]);
    expect(await importing('billing', 'access')).toEqual([]);
  });

  it('gives every module a place in the layer order, once', () => {
    const modules = fs
      .readdirSync(path.resolve(import.meta.dirname, 'modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    const layered = MODULE_LAYERS.flat();
    expect(new Set(layered).size).toBe(layered.length);
    expect([...layered].sort()).toEqual(modules);
  });
});
