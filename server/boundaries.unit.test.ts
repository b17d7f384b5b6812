import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { MODULE_LAYERS } from '../eslint-boundaries.js';

/*
 * The module boundaries are lint rules (eslint-boundaries.js). These fixtures are linted as if
 * they were files at the given paths, so a rule that stops catching what it should fails here.
 */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) =>
      ['no-restricted-imports', 'no-restricted-syntax', 'boundaries/table-access'].includes(
        m.ruleId ?? '',
      ),
    )
    .map((m) => m.message);
}

const use = 'export const used = [x];\n';

describe('module boundaries (npm run lint)', () => {
  // The first lint loads the whole config (typescript-eslint, the source tree's tables), which
  // on a busy machine takes longer than a test's default timeout.
  beforeAll(() => eslint.lintText('', { filePath: 'server/modules/feed/fixture.ts' }), 60_000);

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

  const ownerWrites = /Only the module that owns a table writes it/;
  const writeErrors = async (filePath: string, code: string) =>
    (await boundaryErrors(filePath, code)).filter((message) => ownerWrites.test(message));

  it("refuses writing another module's table, and allows writing one's own", async () => {
    const write = (table: string) =>
      `import { ${table} } from '../../db/schema/index';\nexport const f = (tx: any) => tx.update(${table}).set({});\n`;
    expect(await writeErrors('server/modules/billing/fixture.ts', write('items'))).toEqual([
      expect.stringMatching(ownerWrites),
    ]);
    expect(await boundaryErrors('server/modules/items/fixture.ts', write('items'))).toEqual([]);
    expect(await boundaryErrors('server/http/fixture.ts', write('users'))).toHaveLength(1);
  });

  it('sees a write through a renamed import, a namespace import or a local name', async () => {
    const renamed = `import { users as u } from '../../db/schema/index';\nexport const f = (tx: any) => tx.update(u).set({});\n`;
    expect(await writeErrors('server/modules/billing/fixture.ts', renamed)).toEqual([
      expect.stringMatching(/server\/modules\/users owns users/),
    ]);
    expect(await writeErrors('server/modules/users/fixture.ts', renamed)).toEqual([]);

    const namespaced = (table: string) =>
      `import * as t from '../../db/schema/index';\nexport const f = (tx: any) => tx.insert(t.${table}).values({});\n`;
    expect(await writeErrors('server/modules/billing/fixture.ts', namespaced('items'))).toEqual([
      expect.stringMatching(/server\/modules\/items owns items/),
    ]);
    expect(await writeErrors('server/modules/billing/fixture.ts', namespaced('wallets'))).toEqual(
      [],
    );
    expect(await writeErrors('server/jobs/fixture.ts', namespaced('jobs'))).toEqual([]);
    expect(await writeErrors('server/jobs/fixture.ts', namespaced('follows'))).toHaveLength(1);

    const local = `import { follows } from '../../db/schema/index';\nconst target = follows;\nexport const f = (tx: any) => tx.delete(target);\n`;
    expect(await writeErrors('server/modules/blocks/fixture.ts', local)).toHaveLength(1);
    expect(await writeErrors('server/modules/follows/fixture.ts', local)).toEqual([]);
  });

  it('sees a write of another module’s table in SQL text', async () => {
    const raw = (statement: string) =>
      `import { sql } from 'drizzle-orm';\nimport { items } from '../../db/schema/index';\nexport const q = (id: string) => sql\`${statement}\`;\nexport const t = [items];\n`;
    const billing = 'server/modules/billing/fixture.ts';
    for (const statement of [
      "update users set role = 'creator' where id = ${id}",
      'insert into "item_likes" (item_id) values (${id})',
      'delete from follows where follower_id = ${id}',
      'update ${items} set sales_count = sales_count + 1 where id = ${id}',
    ]) {
      expect(await writeErrors(billing, raw(statement)), statement).toHaveLength(1);
    }
    expect(await writeErrors('server/http/fixture.ts', raw('DELETE FROM items'))).toHaveLength(1);
    for (const statement of [
      'update wallets set balance_cents = balance_cents - 1 where user_id = ${id}',
      'insert into ledger_entries (id) values (${id}) on conflict (id) do update set id = excluded.id',
      'select id from users where id = ${id} for update',
      'select count(*) from items where updated_at > now()',
    ]) {
      expect(await writeErrors(billing, raw(statement)), statement).toEqual([]);
    }
    expect(
      await writeErrors(
        'server/modules/items/fixture.ts',
        raw('update ${items} set sales_count = sales_count + 1'),
      ),
    ).toEqual([]);
    const literal = `export const q = (db: any) => db.execute('delete from users');\n`;
    expect(await writeErrors('server/modules/admin/fixture.ts', literal)).toHaveLength(1);
  });

  const readModel = /read it through a read function .* or in a read-model file/;
  const readErrors = async (filePath: string, code: string) =>
    (await boundaryErrors(filePath, code)).filter((message) => readModel.test(message));
  const reading = (imports: string, table: string) =>
    `import ${imports} from '../../db/schema/index';\nexport const f = (tx: any) => tx.select().from(${table});\n`;

  it("reads another module's tables only in a read-model file", async () => {
    expect(
      await readErrors('server/modules/feed/fixture.ts', reading('{ items }', 'items')),
    ).toEqual([expect.stringMatching(/items belongs to server\/modules\/items/)]);
    expect(
      await readErrors('server/modules/feed/fixture.read-model.ts', reading('{ items }', 'items')),
    ).toEqual([]);
    expect(
      await readErrors('server/modules/items/fixture.ts', reading('{ items, itemLikes }', 'items')),
    ).toEqual([]);
    // Renamed and namespace imports are the same read.
    expect(
      await readErrors('server/modules/billing/fixture.ts', reading('{ users as u }', 'u')),
    ).toHaveLength(1);
    expect(
      await readErrors('server/modules/billing/fixture.ts', reading('* as schema', 'schema.users')),
    ).toHaveLength(1);
    expect(
      await readErrors(
        'server/modules/billing/fixture.ts',
        reading('* as schema', 'schema.wallets'),
      ),
    ).toEqual([]);
  });

  it("sees a read of another module's table in SQL text", async () => {
    const raw = (statement: string) =>
      `import { sql } from 'drizzle-orm';\nexport const q = (id: string) => sql\`${statement}\`;\n`;
    const mail = 'server/modules/mail/fixture.ts';
    for (const statement of [
      'select c.username from users c where c.id = ${id}',
      'select 1 from mail_digests d join "items" i on i.id = d.id',
      'SELECT count(*) FROM ONLY follows WHERE creator_id = ${id}',
    ]) {
      expect(await readErrors(mail, raw(statement)), statement).toHaveLength(1);
    }
    for (const statement of [
      'select 1 from mail_digests d join notice_opt_outs o on o.user_id = d.user_id',
      'select extract(epoch from c.created_at) from unnest(${id}::int[]) as c',
      'select id from audit_events where actor_id = ${id}',
    ]) {
      expect(await readErrors(mail, raw(statement)), statement).toEqual([]);
    }
    // A read model may name them; a delete is the write rule's; outside the modules nobody asks.
    const foreign = raw('select c.username from users c');
    expect(await readErrors('server/modules/mail/fixture.read-model.ts', foreign)).toEqual([]);
    expect(await readErrors(mail, raw('delete from users where id = ${id}'))).toEqual([]);
    expect(await readErrors('server/jobs/fixture.ts', foreign)).toEqual([]);
    const literal = `export const q = (db: any) => db.execute('select id from items');\n`;
    expect(await readErrors('server/modules/admin/fixture.ts', literal)).toHaveLength(1);
  });

  it('lets table files name other tables (foreign keys), and anyone read the audit log', async () => {
    const foreignKey = `import { users } from '../users/tables';\nexport const t = [users];\n`;
    expect(await readErrors('server/modules/billing/tables.ts', foreignKey)).toEqual([]);
    expect(
      await readErrors(
        'server/modules/admin/fixture.ts',
        reading('{ auditEvents }', 'auditEvents'),
      ),
    ).toEqual([]);
    expect(await readErrors('server/jobs/fixture.ts', reading('{ users }', 'users'))).toEqual([]);
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
