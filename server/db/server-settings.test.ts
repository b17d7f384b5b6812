import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { rowsOf } from './rows';
import { databaseWarnings } from './server-settings';

describe('the start log on the database server settings', () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    "warns about autovacuum exactly when the PostgreSQL server's is off",
    async () => {
      const url = process.env.TEST_DATABASE_URL!;
      const handle = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
      try {
        const [{ autovacuum } = { autovacuum: '' }] = rowsOf<{ autovacuum: string }>(
          await handle.db.execute(sql.raw('show autovacuum')),
        );
        const warnings = await databaseWarnings(handle);
        expect(warnings).toEqual(
          autovacuum === 'off' ? [expect.stringMatching(/autovacuum off/)] : [],
        );
      } finally {
        await handle.close();
      }
    },
  );
});
