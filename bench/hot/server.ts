/**
 * The process the hot-path benchmark measures (bench/hot/run.ts): the real app, built exactly as
 * server/main.ts builds it, and beside it on a second port the minimal implementations of the
 * same answers (bare Fastify routes, one hand-written SQL statement each, plain JSON; the money
 * paths' and the dashboard's in ./minimal-money.ts), on the same database handle. Every SQL
 * statement either sends is counted at the database client, so the runner reads statements per
 * request from `/stats/statements`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { verify } from '@node-rs/argon2';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { embeddedDatabaseDir, openDatabase } from '../../server/db/client';
import { timeIdCursor } from '../../server/http/cursor';
import { minimalMoneyRoutes, rowsOf } from './minimal-money';

// Statements of one probe request (header `x-bench-probe`), told apart from the load's and the
// job runner's by the request's async context.
const probe = new AsyncLocalStorage<{ statements: number }>();
let lastProbe = -1;
// BENCH_LOG_PROBE_SQL=1 prints the probe request's statements (which round trips to fold).
const logProbeSql = process.env.BENCH_LOG_PROBE_SQL === '1';
const onQuery = (statement: string) => {
  const store = probe.getStore();
  if (!store) return;
  store.statements += 1;
  if (logProbeSql) console.error(`[probe sql] ${statement.replace(/\s+/g, ' ').slice(0, 300)}`);
};

const config = loadConfig();
const handle = config.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, onQuery })
  : await openDatabase({
      kind: 'pglite',
      dataDir: embeddedDatabaseDir(config.dataDir),
      onQuery,
    });
const app = await buildApp({ config, db: handle, webRoot: null });
const { db } = handle;

/** The viewer's likes, entitlements and the latest comments of `i`, as the app answers them. */
const viewerColumns = (viewer: string) => sql`
  exists (select 1 from item_likes l where l.item_id = i.id and l.user_id = ${viewer}::uuid) as liked,
  exists (select 1 from entitlements e where e.user_id = ${viewer}::uuid
      and (e.period_end is null or e.period_end > now())
      and (e.item_id = i.id or (e.tier is not null and e.creator_id = i.creator_id))) as entitled,
  (select coalesce(json_agg(json_build_object('id', c.id, 'text', c.text, 'at', c.created_at,
      'user', coalesce(cu.display_name, cu.username)) order by c.created_at, c.id), '[]'::json)
    from (select * from item_comments ic where ic.item_id = i.id
          order by ic.created_at desc, ic.id desc limit 3) c
    join users cu on cu.id = c.author_id) as comments`;

const itemColumns = sql`i.id, i.creator_id, i.title, i.description, i.price_cents, i.currency,
  i.image_key, i.image_preview_key, i.audio_key, i.video_key, i.likes_count, i.comments_count,
  i.visitors_count, i.tier_required, i.category, i.subcategory, i.tags, i.explicit_content,
  i.status, i.created_at, u.username, u.display_name, u.profile_image, u.avatar_url`;

const minimal = Fastify({ logger: false });
minimalMoneyRoutes(minimal, db, config.PLATFORM_FEE_PERCENT);

minimal.get<{ Querystring: { viewer: string; limit?: string; cursor?: string } }>(
  '/min/feed',
  async (request) => {
    const limit = Number(request.query.limit ?? 20);
    const after = request.query.cursor ? timeIdCursor.decode(request.query.cursor) : null;
    const result = await db.execute(sql`
      select ${itemColumns}, (extract(epoch from i.created_at) * 1000000)::bigint::text as micros,
             ${viewerColumns(request.query.viewer)}
      from items i join users u on u.id = i.creator_id
      where i.status = 'available' and i.hidden = false and u.status = 'active'
        ${after ? sql`and (i.created_at, i.id) < (timestamptz 'epoch' + ${after[0]}::bigint * interval '1 microsecond', ${after[1]})` : sql``}
      order by i.created_at desc nulls last, i.id desc nulls last
      limit ${limit + 1}`);
    const rows = rowsOf(result);
    const last = rows[limit - 1];
    return {
      posts: rows.slice(0, limit),
      nextCursor:
        rows.length > limit && last
          ? timeIdCursor.encode([String(last.micros), Number(last.id)])
          : null,
    };
  },
);

minimal.get<{ Params: { id: string }; Querystring: { viewer: string } }>(
  '/min/items/:id',
  async (request, reply) => {
    const result = await db.execute(sql`
      select ${itemColumns}, ${viewerColumns(request.query.viewer)}
      from items i join users u on u.id = i.creator_id
      where i.id = ${Number(request.params.id)}`);
    const [row] = rowsOf(result);
    return row ?? reply.status(404).send({ error: 'not found' });
  },
);

// Bare argon2id: one verify of the user's stored hash per request (read once), nothing else.
const storedHashes = new Map<string, string>();
minimal.post<{ Body: { username: string; password: string } }>(
  '/min/argon2',
  async (request, reply) => {
    const { username, password } = request.body;
    let stored = storedHashes.get(username);
    if (stored === undefined) {
      const [row] = rowsOf(
        await db.execute(sql`select password_hash from users where username = ${username}`),
      );
      stored = String(row?.password_hash);
      storedHashes.set(username, stored);
    }
    const ok = await verify(stored, password);
    return ok ? { ok } : reply.status(401).send({ ok });
  },
);

minimal.get('/stats/probe', async () => ({ statements: lastProbe }));
for (const server of [app.server, minimal.server]) {
  server.prependListener('request', (req, res) => {
    if (!req.headers['x-bench-probe']) return;
    const store = { statements: 0 };
    probe.enterWith(store); // Fastify's own listener runs next, in this context
    res.on('finish', () => {
      lastProbe = store.statements;
      // While an AsyncLocalStorage is enabled, Node 20 runs a hook on every promise the process
      // makes (about 70 ns each here), which production never pays and the side making more
      // promises pays more of; the probes go between measurements, so the load runs without it.
      probe.disable();
    });
  });
}
minimal.get('/stats/memory', async () => process.memoryUsage());

const close = async () => {
  await minimal.close();
  await app.close();
  await handle.close();
  process.exit(0);
};
process.on('SIGINT', () => void close());
process.on('SIGTERM', () => void close());

await app.listen({ port: 0, host: '127.0.0.1' });
await minimal.listen({ port: 0, host: '127.0.0.1' });
const portOf = (server: typeof app.server) => {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
};
console.log(
  `Bench servers at http://127.0.0.1:${portOf(app.server)} http://127.0.0.1:${portOf(minimal.server)}`,
);
