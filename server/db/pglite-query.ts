import {
  messages as protocolMessages,
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';

/** PGlite's readiness check and locks, as its own `query` takes them (not in its public types). */
interface Locks {
  _checkReady(): Promise<void>;
  _runExclusiveQuery<T>(work: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T>;
}
const locksOf = (client: PGlite) => client as unknown as Locks;

type Message = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
const { serialize } = protocol;
const SYNC = serialize.sync();
const NO_SYNC_TO_FS = { syncToFs: false };

const join = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/**
 * A text prepared under a name on the client's session, with its parameters' types and the
 * description of the rows it answers (null: it answers none).
 */
interface Named {
  name: string;
  paramTypes: number[];
  rows: Message | null;
}
/** Per client (its session holds the names; enum type ids differ between databases). */
interface Statements {
  named: Map<string, Named>;
  seenOnce: Set<string>;
}
/** Prepared texts a session keeps at most: each holds a plan in the embedded server's memory. */
const MAX_NAMED = 500;
const MAX_SEEN_ONCE = 5000;
const statementsByClient = new WeakMap<PGlite, Statements>();

function statementsOf(client: PGlite): Statements {
  let statements = statementsByClient.get(client);
  if (!statements) {
    statementsByClient.set(client, (statements = { named: new Map(), seenOnce: new Set() }));
  }
  return statements;
}

/** The name to prepare `text` under now: on its second sighting, while there is room. */
function nameToPrepare(statements: Statements, text: string): string | null {
  if (statements.named.size >= MAX_NAMED) return null;
  if (statements.seenOnce.delete(text)) return `aura_pglite_${statements.named.size + 1}`;
  if (statements.seenOnce.size >= MAX_SEEN_ONCE) statements.seenOnce.clear();
  statements.seenOnce.add(text);
  return null;
}

/** Each value as text, by the serializer of the type PostgreSQL inferred for it (as PGlite). */
function serializeValues(
  client: PGlite,
  params: readonly unknown[],
  paramTypes: readonly number[],
  options?: QueryOptions,
): (string | null)[] {
  return params.map((param, i) => {
    if (param === null || param === undefined) return null;
    const type = paramTypes[i] ?? 0;
    const serializer = options?.serializers?.[type] ?? client.serializers[type];
    return serializer ? serializer(param) : String(param);
  });
}

/**
 * PGlite's `query`, answering the same, in fewer passes through the embedded server (issue
 * 17). PGlite sends Parse, Describe, Bind, Describe, Execute and Sync one call each, and parses
 * and plans every statement afresh; on a small statement that costs more than running it. Here
 * a text seen a second time is prepared under a name, once per session (as the PostgreSQL
 * driver's named statements are), and from then on runs as one call: Bind, Execute, Sync.
 * Other texts take two calls: Parse with Describe, which gives the parameter types that pick
 * each value's serializer and the description of the rows, then the rest. The rows are not
 * described again at each run: PGlite's protocol reader takes a few microseconds per column to
 * read a description (a byte at a time), a tenth of a wide item page's time on the server, and
 * a prepared statement whose rows would change shape fails instead of answering (PostgreSQL's
 * "cached plan must not change result type"). `inTransaction`: the caller holds a transaction
 * (then there is no sync to disk, as in PGlite).
 */
async function runQuery<T>(
  client: PGlite,
  inTransaction: boolean,
  text: string,
  params: readonly unknown[] = [],
  options?: QueryOptions,
): Promise<Results<T>> {
  return locksOf(client)._runExclusiveQuery(async () => {
    const statements = statementsOf(client);
    let named = statements.named.get(text);
    let messages: Message[];
    let synced = false;
    try {
      if (!named) {
        const name = options?.paramTypes ? null : nameToPrepare(statements, text);
        const statement = name ?? '';
        const described = await client.execProtocolStream(
          join([
            serialize.parse({ text, name: statement, types: options?.paramTypes }),
            serialize.describe({ type: 'S', name: statement }),
          ]),
          NO_SYNC_TO_FS,
        );
        named = {
          name: statement,
          paramTypes: parse.parseDescribeStatementResults(described),
          rows: described.find((message) => message.name === 'rowDescription') ?? null,
        };
        if (name) statements.named.set(text, named);
      }
      synced = true;
      const ran = await client.execProtocolStream(
        join([
          serialize.bind({
            statement: named.name,
            values: serializeValues(client, params, named.paramTypes, options),
          }),
          serialize.execute({}),
          SYNC,
        ]),
        NO_SYNC_TO_FS,
      );
      messages = named.rows ? [named.rows, ...ran] : ran;
    } catch (error) {
      // After an error PostgreSQL skips to the next Sync: one must follow, as in PGlite.
      if (!synced) await client.execProtocolStream(SYNC, NO_SYNC_TO_FS).catch(() => {});
      if (error instanceof protocolMessages.DatabaseError) {
        Object.assign(error, { query: text, params, queryOptions: options });
      }
      throw error;
    }
    if (!inTransaction) await client.syncToFs();
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  });
}

type Query = PGlite['query'];

/** The client's own `query` through runQuery, under the transaction lock as PGlite's. */
export const clientQuery =
  (client: PGlite): Query =>
  async (text, params, options) => {
    await locksOf(client)._checkReady();
    return locksOf(client)._runExclusiveTransaction(() =>
      runQuery(client, false, text, params, options),
    );
  };

/** A transaction's `query` through runQuery (the transaction holds that lock already). */
export const transactionQuery =
  (client: PGlite, isClosed: () => boolean): Query =>
  (text, params, options) => {
    if (isClosed()) throw new Error('Transaction is closed');
    return runQuery(client, true, text, params, options);
  };
