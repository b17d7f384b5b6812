import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../../container';
import { fail } from '../../http/errors';

/** Where `npm run backup` sends the key it derived from the same root secret. */
export const BACKUP_KEY_HEADER = 'x-aura-backup-key';

const isLoopback = (address: string | undefined) =>
  address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

/**
 * POST /api/v1/ops/backup: a consistent snapshot of the embedded database (a tar of its data
 * directory), for `npm run backup` while the server runs (one process owns PGlite, so the
 * command cannot open it itself). Only over loopback, seen on the socket and not through proxy
 * headers, and only with the key derived from the root secret ('ops-backup'): whoever may
 * read the secret may read the data directory anyway. Everyone else gets 403.
 */
export const backupRoutes =
  (c: Container): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/api/v1/ops/backup', { schema: { tags: ['ops'] } }, async (request, reply) => {
      const given = request.headers[BACKUP_KEY_HEADER];
      const expected = Buffer.from(c.keys['ops-backup'].toString('hex'));
      const matches =
        typeof given === 'string' &&
        given.length === expected.length &&
        timingSafeEqual(Buffer.from(given), expected);
      if (!matches || !isLoopback(request.socket.remoteAddress)) throw fail('forbidden');
      if (!c.database.dumpDataDir) throw fail('unavailable');
      const tar = await c.database.dumpDataDir();
      return reply.type('application/x-tar').send(tar);
    });
  };
