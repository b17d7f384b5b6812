// `npm run openapi [file]`: writes the server's OpenAPI document (what /api/docs/json serves) to
// a file, default openapi.json, for client generators and linters. The app is built on an
// in-memory embedded database and made ready (the document is complete only then), never
// listening.
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';

const target = path.resolve(process.argv[2] ?? 'openapi.json');
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'openapi-document-only-openapi-document-only',
  DATA_DIR: path.join(tmpdir(), 'aura-openapi-unused'),
});
const db = await openDatabase({ kind: 'pglite', dataDir: null });
const app = await buildApp({ config, db, webRoot: null, logger: false });
try {
  await app.ready();
  await writeFile(target, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  console.log(`OpenAPI document written to ${target}`);
} finally {
  await app.close();
  await db.close();
}
