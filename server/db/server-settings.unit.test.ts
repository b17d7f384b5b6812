import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client';
import { databaseWarnings, settingWarnings } from './server-settings';

describe('settingWarnings (docs/operations.md "Scaling out")', () => {
  it('says nothing for a server with autovacuum on', () => {
    expect(settingWarnings({ autovacuum: 'on' })).toEqual([]);
  });

  it('says how to turn autovacuum on when it is off', () => {
    expect(settingWarnings({ autovacuum: 'off' })).toEqual([
      expect.stringMatching(/autovacuum off.*ALTER SYSTEM SET autovacuum = on/),
    ]);
  });

  it('reads nothing on the embedded database, whose maintenance is a job of the app', async () => {
    const untouched = new Proxy({} as DatabaseHandle['db'], {
      get() {
        throw new Error('the embedded database was queried');
      },
    });
    const handle = { kind: 'pglite', db: untouched } as DatabaseHandle;
    expect(await databaseWarnings(handle)).toEqual([]);
  });

  it('says nothing, and does not refuse the start, when the server will not tell', async () => {
    const refusing = {
      execute: () => Promise.reject(new Error('permission denied')),
    } as unknown as DatabaseHandle['db'];
    const handle = { kind: 'postgres', db: refusing } as DatabaseHandle;
    expect(await databaseWarnings(handle)).toEqual([]);
  });
});
