/**
 * `npm run payouts:rotate-key` (docs/payments.md "Payout keys"): re-seals every payout account and
 * routing number that is not sealed with the current key (PAYOUT_KEY, or the key derived from
 * the root secret). Set the new PAYOUT_KEY and list the old one in PAYOUT_KEYS_PREVIOUS, run
 * this, then remove the old key. On the embedded database stop the server first (it owns the
 * data directory); on PostgreSQL it may run while the server does.
 */
import { ConfigError, loadConfig } from '../config';
import { embeddedDatabaseDir, openDatabase, type DatabaseHandle } from '../db/client';
import { acquireDataDirLock, DataDirLockedError } from '../db/lock';
import { systemMeta } from '../events/record';
import { deriveKeys } from '../keys';
import { payoutCipherOf, rotatePayoutKey } from '../modules/payouts/index';
import { withRootSecret } from '../secrets/root-secret';

async function main(): Promise<void> {
  const config = loadConfig();
  let unlock = () => {};
  let handle: DatabaseHandle;
  if (config.DATABASE_URL) {
    handle = await openDatabase({
      kind: 'postgres',
      url: config.DATABASE_URL,
      poolSize: 2,
      purpose: 'maintenance',
    });
  } else {
    unlock = acquireDataDirLock(config.dataDir);
    handle = await openDatabase({
      kind: 'pglite',
      dataDir: embeddedDatabaseDir(config.dataDir),
    });
  }
  try {
    const { JWT_SECRET } = await withRootSecret(config, handle);
    const cipher = payoutCipherOf(config, deriveKeys(JWT_SECRET));
    const { keyId, resealed } = await rotatePayoutKey(handle.db, cipher, systemMeta(new Date()));
    console.log(
      `Payout numbers of ${resealed} creator(s) re-sealed with key ${keyId}; ` +
        'every stored number now opens with the current key alone.',
    );
  } finally {
    await handle.close();
    unlock();
  }
}

main().catch((err: unknown) => {
  console.error(
    err instanceof ConfigError || err instanceof DataDirLockedError ? err.message : err,
  );
  process.exit(1);
});
