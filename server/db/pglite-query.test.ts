import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client';
import { openPglite } from './pglite';
import { clientQuery } from './pglite-query';
import { rowsOf } from './rows';

// Issue 17: the embedded database's queries go through pglite-query.ts, which prepares a text
// seen twice under a name and runs it in one pass; the answers must be PGlite's own.
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ kind: 'pglite', dataDir: null });
  await handle.db.execute(sql`create table pq_things (
    id int primary key, label text not null, at timestamptz, done boolean, data jsonb,
    tags text[])`);
});
afterAll(() => handle.close());

const prepared = async (fragment: string) =>
  rowsOf<{ name: string }>(
    await handle.db.execute(
      sql`select name from pg_prepared_statements
          where name like 'aura\_pglite\_%' and statement like ${`%${fragment}%`}`,
    ),
  );

describe('PGlite queries through pglite-query', () => {
  it('prepares a text on its second run, once, and answers every run alike', async () => {
    const read = (n: number) => handle.db.execute(sql`select ${n}::int * 3 as tripled_pq`);
    const answers = [];
    for (const n of [1, 2, 3, 4]) {
      answers.push(rowsOf(await read(n)));
      expect(await prepared('tripled_pq')).toHaveLength(n === 1 ? 0 : 1);
    }
    expect(answers).toEqual([
      [{ tripled_pq: 3 }],
      [{ tripled_pq: 6 }],
      [{ tripled_pq: 9 }],
      [{ tripled_pq: 12 }],
    ]);
  });

  it('serializes each value by the type PostgreSQL inferred, named or not', async () => {
    const at = new Date('2026-11-26T10:00:00.000Z');
    const insert = (id: number) =>
      handle.db.execute(sql`insert into pq_things (id, label, at, done, data, tags)
        values (${id}, ${`thing ${id}`}, ${at}, ${id % 2 === 0}, ${JSON.stringify({ id })},
          ${`{a,b${id}}`}) returning id, label, at, done, data, tags`);
    const rows = [];
    for (const id of [1, 2, 3]) rows.push(...rowsOf(await insert(id)));
    expect(await prepared('insert into pq_things')).toHaveLength(1);
    expect(rows).toEqual(
      [1, 2, 3].map((id) => ({
        id,
        label: `thing ${id}`,
        at: expect.stringMatching(/^2026-11-26 10:00:00/),
        done: id % 2 === 0,
        data: { id },
        tags: ['a', `b${id}`],
      })),
    );
  });

  it('rejects a failing named statement with PostgreSQL error, and the session goes on', async () => {
    const clash = () =>
      handle.db.execute(sql`insert into pq_things (id, label) values (${1}, 'again')`);
    for (let i = 0; i < 3; i++) {
      await expect(clash()).rejects.toMatchObject({ cause: { code: '23505' } });
    }
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into pq_things (id, label) values (${10}, 'in tx')`);
        await tx.execute(sql`insert into pq_things (id, label) values (${1}, 'again')`);
      }),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
    const [row] = rowsOf(
      await handle.db.execute(sql`select count(*)::int as n from pq_things where id = ${10}`),
    );
    expect(row).toEqual({ n: 0 });
  });

  it('rejects a text PostgreSQL cannot parse, and the next query runs', async () => {
    for (let i = 0; i < 2; i++) {
      await expect(handle.db.execute(sql`selec ${i}`)).rejects.toMatchObject({
        cause: { code: '42601' },
      });
    }
    expect(rowsOf(await handle.db.execute(sql`select ${5}::int as five`))).toEqual([{ five: 5 }]);
  });

  it('keeps a transaction on its statements: a rollback takes them back, a commit keeps them', async () => {
    const add = (tx: typeof handle.db, id: number) =>
      tx.execute(sql`insert into pq_things (id, label) values (${id}, 'tx')`);
    await handle.db
      .transaction(async (tx) => {
        await add(tx, 20);
        await add(tx, 21);
        tx.rollback();
      })
      .catch(() => {});
    await handle.db.transaction(async (tx) => {
      await add(tx, 22);
      await add(tx, 23);
    });
    const ids = rowsOf<{ id: number }>(
      await handle.db.execute(sql`select id from pq_things where id between 20 and 23 order by id`),
    );
    expect(ids.map((r) => r.id)).toEqual([22, 23]);
  });
});

describe('the rows of a prepared text', () => {
  // A client of its own, whose calls into the embedded server are watched.
  const watched = async () => {
    const client = await openPglite(null);
    const calls: string[][] = [];
    const send = client.execProtocolStream.bind(client);
    client.execProtocolStream = async (...args: Parameters<typeof send>) => {
      const messages = await send(...args);
      calls.push(messages.map((message) => message.name));
      return messages;
    };
    return { client, calls, query: clientQuery(client) };
  };

  it('are described once, when the text is parsed, and every run answers with their names and types', async () => {
    const { client, calls, query } = await watched();
    try {
      for (const n of [1, 2, 3, 4]) {
        const result = await query<{ n: number; label: string }>(
          `select $1::int as n, 'thing ' || $1::int as label`,
          [n],
        );
        expect(result.rows).toEqual([{ n, label: `thing ${n}` }]);
        expect(result.fields).toEqual([
          { name: 'n', dataTypeID: 23 },
          { name: 'label', dataTypeID: 25 },
        ]);
      }
      // Runs 1 and 2 parse (unnamed, then under a name) with a description; no run asks again.
      const described = calls.filter((names) => names.includes('rowDescription'));
      expect(described).toHaveLength(2);
      for (const names of described) expect(names).toContain('parameterDescription');
      expect(calls.filter((names) => names.includes('dataRow'))).toHaveLength(4);
    } finally {
      await client.close();
    }
  });

  it('answer nothing for a text without rows, and a text whose rows change shape fails instead of answering under old names', async () => {
    const { client, query } = await watched();
    try {
      await query(`create table pq_shapes (a int)`);
      for (const a of [1, 2, 3]) {
        const inserted = await query(`insert into pq_shapes (a) values ($1)`, [a]);
        expect(inserted).toMatchObject({ rows: [], fields: [], affectedRows: 1 });
      }
      for (let i = 0; i < 3; i++) {
        expect((await query(`select * from pq_shapes order by a`)).rows).toHaveLength(3);
      }
      await query(`alter table pq_shapes add column b text default 'new'`);
      await expect(query(`select * from pq_shapes order by a`)).rejects.toMatchObject({
        code: '0A000',
      });
      expect((await query(`select a, b from pq_shapes order by a limit 1`)).rows).toEqual([
        { a: 1, b: 'new' },
      ]);
    } finally {
      await client.close();
    }
  });
});

describe('the embedded server', () => {
  it('starts with 32 MB of shared buffers, not the 128 MB zeroed at every start', async () => {
    const [row] = rowsOf<{ shared_buffers: string }>(
      await handle.db.execute(sql`show shared_buffers`),
    );
    expect(row?.shared_buffers).toBe('32MB');
  });

  it("walks a small table's index for an item's latest comments, as on a disk cache", async () => {
    // Shaped as item_comments and its (item_id, created_at, id) index; with PostgreSQL's default
    // random_page_cost of 4 this plan reads the matching rows through a bitmap and sorts them.
    await handle.db.execute(sql`
      create table pq_notes (id serial primary key, item_id int not null,
        author_id uuid not null default gen_random_uuid(), text text not null,
        created_at timestamptz not null, updated_at timestamptz not null default now())`);
    await handle.db.execute(
      sql`create index pq_notes_item_idx on pq_notes (item_id, created_at, id)`,
    );
    await handle.db.execute(sql`
      insert into pq_notes (item_id, created_at, text)
      select n % 50, now() - n * interval '1 minute', 'Comment number ' || n || ', a sentence long.'
      from generate_series(1, 200) n`);
    const plan = rowsOf<{ 'QUERY PLAN': string }>(
      await handle.db.execute(sql`
        explain select * from pq_notes where item_id = 7
        order by created_at desc, id desc limit 3`),
    ).map((r) => r['QUERY PLAN']);
    expect(plan.join('\n')).toContain('Index Scan Backward using pq_notes_item_idx');
  });
});
