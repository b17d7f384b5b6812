import * as drizzleOrm from 'drizzle-orm';
import { Column, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { itemViewColumns } from '../modules/items/index';
import type { Database } from './client';
import { items, users } from './schema/index';
import { compileRowMapper, withCompiledRows, type OrderedField } from './row-mapper';

// Issue 17: the compiled row mapper answers exactly what drizzle's mapResultRow answers.

/** drizzle's own row mapper (exported at run time, left out of its types). */
const { mapResultRow } = drizzleOrm as unknown as {
  mapResultRow: (
    fields: readonly OrderedField[],
    row: unknown[],
    joinsNotNullableMap: Record<string, boolean> | undefined,
  ) => Record<string, unknown>;
};
const db = drizzle.mock() as unknown as Database;

interface Prepared {
  fields: OrderedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown[];
}
const internals = (statement: unknown) => statement as Prepared;

/** A value node-postgres could hand over for the column (in array mode, before decoding). */
function rawValue(field: unknown, i: number, random: () => number): unknown {
  const type = field instanceof Column ? field.columnType : 'SQL';
  if (type.includes('Array')) return ['a', `b${i}`];
  if (/Timestamp|Date|Time/.test(type)) return '2026-11-27 08:00:00.123+00';
  if (type.includes('Json')) return { id: i };
  if (/Integer|Serial|BigInt|Numeric|Real|Double/.test(type)) return i;
  if (type.includes('Boolean')) return random() < 0.5;
  if (type === 'SQL') return random() < 0.5 ? [{ id: i }] : `value ${i}`;
  return `value ${i}`;
}

/** A raw row for `fields`, about `nulls` of its values null. */
function rawRow(fields: readonly OrderedField[], random: () => number, nulls: number): unknown[] {
  return fields.map(({ field }, i) => (random() < nulls ? null : rawValue(field, i, random)));
}

function seeded(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

const selects = {
  'the feed page (inner join, nested columns, SQL fields)': db
    .select({
      ...itemViewColumns({ id: sql.placeholder('viewer') }, sql.placeholder('now')),
      micros: sql<string>`1`.mapWith(String),
    })
    .from(items)
    .innerJoin(users, eq(users.id, items.creatorId))
    .prepare('feed'),
  'a left join, whose table is null when all its columns are': db
    .select({
      item: { id: items.id, title: items.title },
      creator: { id: users.id, name: users.displayName },
      flat: users.username,
      at: users.registeredAt,
    })
    .from(items)
    .leftJoin(users, eq(users.id, items.creatorId))
    .prepare('left'),
  'whole tables of a left join': db
    .select()
    .from(items)
    .leftJoin(users, eq(users.id, items.creatorId))
    .prepare('tables'),
};

describe('compileRowMapper', () => {
  for (const [name, statement] of Object.entries(selects)) {
    it(`maps rows as drizzle does: ${name}`, () => {
      const { fields, joinsNotNullableMap } = internals(statement);
      const mapRow = compileRowMapper(fields, joinsNotNullableMap)!;
      const random = seeded(name.length);
      for (const nulls of [0, 0.3, 1]) {
        for (let i = 0; i < 50; i++) {
          const row = rawRow(fields, random, nulls);
          const ours = mapRow(row);
          const theirs = mapResultRow(fields, row, joinsNotNullableMap);
          expect(ours).toStrictEqual(theirs);
          expect(JSON.stringify(ours)).toBe(JSON.stringify(theirs));
        }
      }
    });
  }

  it('nulls a left-joined object only when all its columns are null', () => {
    const { fields, joinsNotNullableMap } = internals(selects['whole tables of a left join']);
    const mapRow = compileRowMapper(fields, joinsNotNullableMap)!;
    const random = seeded(3);
    const row = fields.map(({ path, field }, i) =>
      path[0] === 'items' ? rawValue(field, i, random) : null,
    );
    expect(mapRow(row).users).toBeNull();
    expect(mapRow(row).items).not.toBeNull();
  });

  it('leaves to drizzle the fields that do not make a plain tree', () => {
    const twice = [
      { path: ['a'], field: items.id },
      { path: ['a'], field: items.title },
    ];
    const leafAndObject = [
      { path: ['a'], field: items.id },
      { path: ['a', 'b'], field: items.title },
    ];
    expect(compileRowMapper(twice, undefined)).toBeNull();
    expect(compileRowMapper(leafAndObject, undefined)).toBeNull();
    expect(compileRowMapper([{ path: ['a', 'b'], field: items.id }], undefined)).not.toBeNull();
  });

  it('is the mapper of a prepared select it is given, and leaves other statements alone', () => {
    const statement = withCompiledRows(
      db.select({ id: items.id, at: items.createdAt }).from(items).prepare('p'),
    );
    const mapper = internals(statement).customResultMapper!;
    const [mapped] = mapper([[7, '2026-11-27 08:00:00+00']]) as { id: number; at: Date }[];
    expect(mapped).toEqual({ id: 7, at: new Date('2026-11-27T08:00:00Z') });
    const other = { execute: () => 1 };
    expect(withCompiledRows(other)).toBe(other);
    expect(other).not.toHaveProperty('customResultMapper');
  });
});
