import { TEST_ROW_ACTION } from './audit-test-rows';
/**
 * Child process for the SIGKILL durability test: owns DATA_DIR exactly as the server does (lock
 * file, then PGlite under it) and writes audit rows without pause. Each transaction writes a pair
 * of rows; the first row's id is printed as `committed <id>` only after the commit has returned,
 * so every id the test has read must survive a SIGKILL at any later moment.
 */
import { auditEvents } from '../db/schema/index';
import { embeddedDatabaseDir, openDatabase } from '../db/client';
import { acquireDataDirLock } from '../db/lock';

async function run(): Promise<void> {
  const dataDir = process.env.DATA_DIR;
  const round = process.env.WRITER_ROUND ?? '0';
  if (!dataDir) throw new Error('DATA_DIR is required');
  acquireDataDirLock(dataDir);
  const handle = await openDatabase({ kind: 'pglite', dataDir: embeddedDatabaseDir(dataDir) });
  process.stdout.write('ready\n');
  for (let seq = 0; ; seq++) {
    const subject = `durability-${round}-${seq}`;
    const id = await handle.db.transaction(async (tx) => {
      const [first] = await tx
        .insert(auditEvents)
        .values({ action: TEST_ROW_ACTION, subjectId: subject, data: { round, seq, part: 1 } })
        .returning({ id: auditEvents.id });
      await tx
        .insert(auditEvents)
        .values({ action: TEST_ROW_ACTION, subjectId: subject, data: { round, seq, part: 2 } });
      return first!.id;
    });
    // stdout to a pipe is synchronous on Linux: once this returns, the test can read the line.
    process.stdout.write(`committed ${id}\n`);
  }
}

run().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
