import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client';
import { executePrepared } from './prepared';
import { rowsOf } from './rows';

// Issue 17: statements built per request but of few shapes run as named prepared statements.
const databaseUrl = process.env.TEST_DATABASE_URL ?? '';

let handle: DatabaseHandle;
beforeAll(async () => {
  // One connection, so the session the test reads is the one that prepared.
  handle = databaseUrl
    ? await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 })
    : await openDatabase({ kind: 'pglite', dataDir: null });
});
afterAll(() => handle.close());

const doubled = (n: number, label: string) =>
  sql`select ${n}::int * 2 as doubled, ${label}::text as label`;

describe('executePrepared', () => {
  it('answers as execute does, with each call binding its own values', async () => {
    for (const [n, label] of [
      [1, 'one'],
      [21, 'twenty-one'],
    ] as const) {
      const prepared = rowsOf(await executePrepared(handle.db, doubled(n, label)));
      const plain = rowsOf(await handle.db.execute(doubled(n, label)));
      expect(prepared).toEqual(plain);
      expect(prepared).toEqual([{ doubled: n * 2, label }]);
    }
  });

  it.runIf(databaseUrl)('keeps one prepared statement per text on the connection', async () => {
    const other = sql`select ${'x'}::text || 'y' as joined`;
    for (let i = 0; i < 3; i++) {
      await executePrepared(handle.db, doubled(i, 'again'));
      await executePrepared(handle.db, other);
    }
    const statements = rowsOf<{ name: string; statement: string }>(
      await handle.db.execute(
        sql`select name, statement from pg_prepared_statements where name like 'aura\_%'`,
      ),
    );
    expect(statements.filter((s) => s.statement.includes('* 2 as doubled'))).toHaveLength(1);
    expect(statements.filter((s) => s.statement.includes('as joined'))).toHaveLength(1);
    expect(new Set(statements.map((s) => s.name)).size).toBe(statements.length);
  });
});
