import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../../container';
import { fail } from '../../http/errors';
import { routesFor } from '../../http/route';

/** Where `npm run backup` sends the key it derived from the same root secret. */
export const BACKUP_KEY_HEADER = 'x-aura-backup-key';

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether `given` is the backup key, in time that does not depend on where they differ. Both are
 * hashed first: equal-length buffers whatever was sent (a key as long as the right one in
 * characters but not in bytes made the compare throw, a 500).
 */
const isBackupKey = (given: unknown, expected: string): boolean =>
  typeof given === 'string' && timingSafeEqual(sha256(given), sha256(expected));

const isLoopback = (address: string | undefined) =>
  address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

/**
 * POST /api/v1/ops/backup: a consistent snapshot of the embedded database (a tar of its data
 * directory), for `npm run backup` while the server runs (one process owns PGlite, so the
 * command cannot open it itself). Only over loopback, seen on the socket and not through proxy
 * headers, and only with the key derived from the root secret ('ops-backup'): whoever may
 * read the secret may read the data directory anyway. A wrong or missing key gets 401, a caller
 * elsewhere 403.
 */
export const backupRoutes =
  (c: Container): FastifyPluginAsyncZod =>
  async (app) => {
    routesFor(app, c, { tags: ['ops'] }).open({
      method: 'POST',
      url: '/api/v1/ops/backup',
      // A wrong key (401), a caller not on loopback (403).
      errors: [401, 403],
      config: {
        openapi: {
          responses: {
            200: {
              description: 'A tar of the data directory',
              content: { 'application/x-tar': { schema: { type: 'string', format: 'binary' } } },
            },
          },
        },
      },
      schema: {
        summary: 'A snapshot of the embedded database (loopback, backup key)',
        operationId: 'backupDatabase',
        security: [{ backupKey: [] }],
      },
      handler: async ({ request, reply }) => {
        const key = request.headers[BACKUP_KEY_HEADER];
        if (!isBackupKey(key, c.keys['ops-backup'].toString('hex'))) {
          throw fail('backup_key_invalid');
        }
        if (!isLoopback(request.socket.remoteAddress)) throw fail('forbidden');
        if (!c.database.dumpDataDir) throw fail('unavailable');
        const tar = await c.database.dumpDataDir();
        return reply.type('application/x-tar').send(tar);
      },
    });
  };
