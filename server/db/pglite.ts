import { PGlite, types, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { clientQuery, transactionQuery } from './pglite-query';

/*
 * drizzle passes PGlite these parsers with every query (dates, times and intervals stay text,
 * as drizzle wants them from every driver). PGlite merges per-query parsers into its whole
 * table on each call, about 140 µs a statement on the benchmark machine (issue 17), more than
 * a small statement costs to run. So the client's own table gets them once, and the copies
 * drizzle sends are dropped on the way in: the same parsers apply, merged once.
 */
const keepText = (value: string) => value;
const DRIZZLE_PARSERS = {
  [types.TIMESTAMP]: keepText,
  [types.TIMESTAMPTZ]: keepText,
  [types.INTERVAL]: keepText,
  [types.DATE]: keepText,
  1231: keepText, // numeric[]
  1115: keepText, // timestamp[]
  1185: keepText, // timestamptz[]
  1187: keepText, // interval[]
  1182: keepText, // date[]
};

type Query = PGlite['query'];

const withoutParsers = (options?: QueryOptions) =>
  options?.parsers ? { ...options, parsers: undefined } : options;

/**
 * `client` for drizzle: `query` (and its transactions' `query`) through runQuery, without
 * per-query parsers. drizzle passes its parsers with every query; PGlite merged them into its
 * whole table on each call, about 140 µs a statement, so the client's own table gets them once
 * (openPglite) and the copies drizzle sends are dropped.
 */
function forDrizzle<T extends PGlite | Transaction>(client: PGlite, target: T): T {
  return new Proxy(target, {
    get(object, key) {
      if (key === 'query') {
        const query =
          object === client
            ? clientQuery(client)
            : transactionQuery(client, () => (object as Transaction).closed);
        return ((text, params, options) => query(text, params, withoutParsers(options))) as Query;
      }
      if (key === 'transaction' && 'transaction' in object) {
        return <R>(work: (tx: Transaction) => Promise<R>) =>
          object.transaction((tx) => work(forDrizzle(client, tx)));
      }
      const value: unknown = Reflect.get(object, key, object);
      // PGlite's methods use private fields, so they must run on the client, not the proxy.
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}

/**
 * PostgreSQL's default 128 MB of shared buffers is zeroed page by page at every start: about
 * 0.4 s of a 2.2 s restart on the benchmark machine (issue 17). With a data directory, pages
 * outside them are still in the operating system's cache, and the benchmark's feed and item
 * pages, at 10,000 and 1,000,000 items, ran as fast with 32 MB.
 */
const SHARED_BUFFERS = '32MB';

/**
 * The planner's price of reading a page out of order, against 1 for the next page in a scan.
 * PostgreSQL's default of 4 is meant for spinning disks; an embedded database's pages sit in its
 * buffers or the operating system's cache, where 1.1 is the usual setting. With 4, each post of
 * a feed page read a small comments table whole for its latest comments instead of walking the
 * comments index, which in WebAssembly cost more than the model said: on 10,000 items the feed
 * statement ran in 0.59-0.89 ms with 1.1 against 1.0-1.3 ms with 4 (issue 17). docs/operations.md
 * "Scaling out" recommends the same for a PostgreSQL server on SSDs, and the benchmark sets it.
 */
export const RANDOM_PAGE_COST = '1.1';

/**
 * An embedded database (in memory without `dataDir`) for drizzle, with drizzle's parsers built in;
 * `from`, a data directory's tar (dumpDataDir), is what it starts with instead of a new cluster.
 */
export async function openPglite(dataDir: string | null, from?: Blob): Promise<PGlite> {
  const options = {
    ...(from ? { loadDataDir: from } : {}),
    startParams: [
      ...PGlite.defaultStartParams,
      '-c',
      `shared_buffers=${SHARED_BUFFERS}`,
      '-c',
      `random_page_cost=${RANDOM_PAGE_COST}`,
    ],
  };
  const client = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await client.waitReady;
  // Set after start-up, which gives every array type a parser of its elements.
  Object.assign(client.parsers, DRIZZLE_PARSERS);
  return client;
}

/** The client drizzle gets (see forDrizzle). */
export const pgliteForDrizzle = (client: PGlite): PGlite => forDrizzle(client, client);
