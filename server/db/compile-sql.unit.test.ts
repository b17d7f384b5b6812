import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect, pgEnum } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { countSaleSql } from '../modules/items/index';
import { creditExpressions, spendExpressions } from '../modules/billing/ledger';
import { grantSql, type Sale } from '../modules/billing/sales';
import { checkoutSessions, ledgerEntries, wallets } from '../modules/billing/tables';
import type { Database, Db } from './client';
import { compileSql, withFastCompile } from './compile-sql';
import * as schema from './schema/index';

// Issue 17: compileSql must give drizzle's own text and values for every statement.

/** compileSql on a dialect, counting the statements it hands to drizzle. */
function counting() {
  const dialect = new PgDialect();
  const counter = {
    calls: 0,
    compile: (statement: SQL) =>
      compileSql(dialect, statement, (handed) => {
        counter.calls++;
        return dialect.sqlToQuery(handed);
      }),
  };
  return counter;
}

const db = drizzle.mock() as unknown as Db;
const at = new Date('2026-11-27T08:15:30.123Z');
const sale: Sale & { checkoutSessionId: string } = {
  buyerId: '5b0e2c1e-7d44-4f58-9d0a-3c1f6f0b6a01',
  item: { id: 4321, creatorId: '0f6c7c43-9a3e-4a51-8b9e-2d7e0f1c2b3a' },
  grossCents: 499,
  currency: 'usd',
  feePercent: 10,
  via: 'card',
  ref: 'cs_local_abc',
  checkoutSessionId: 'cs_local_abc',
};

const drizzleQuery = (statement: SQL) => {
  const { sql: text, params } = new PgDialect().sqlToQuery(statement);
  return { sql: text, params };
};

function expectSame(statement: SQL) {
  expect(compileSql(new PgDialect(), statement)).toEqual(drizzleQuery(statement));
}

/** The parts of a card sale's statement, nested the way sellAfter nests them. */
function saleStatement(): SQL {
  const completed = db
    .update(checkoutSessions)
    .set({ status: 'complete', paymentStatus: 'paid', customerEmail: 'a@b.c', fulfilledAt: at })
    .where(
      and(
        eq(checkoutSessions.id, sale.checkoutSessionId),
        isNull(checkoutSessions.fulfilledAt),
        eq(checkoutSessions.status, 'open'),
      ),
    )
    .returning({ id: checkoutSessions.id });
  const credit = {
    creatorId: sale.item.creatorId,
    grossCents: 499,
    currency: 'usd' as const,
    feePercent: 10,
    kind: 'sale' as const,
    ref: 'sale:cs_local_abc',
    itemId: sale.item.id,
    checkoutSessionId: sale.checkoutSessionId,
    at,
  };
  const checks = [['completed', 'already'] as const, ['granted', 'unsold'] as const].map(
    ([cte, reason]) => sql`when not exists (select 1 from ${sql.raw(cte)}) then ${reason}`,
  );
  return sql`with completed as (${completed.getSQL()}),
    granted as (${grantSql(sale, { at }, sql.raw('completed'))}),
    ${creditExpressions(credit, 449, sql.raw('granted'))},
    ${spendExpressions({ userId: sale.buyerId, amountCents: 499, ref: 'r1', itemId: 1, at })},
    counted as (${countSaleSql(db, sale.item.id)}),
    outcome as (select case ${sql.join(checks, sql` `)} end as refused)
    select * from outcome, ${wallets} where ${inArray(ledgerEntries.id, [1, 2, 3])}
      and ${ledgerEntries.createdAt} < ${at} and ${[null, 'x', 2]} is not null`;
}

describe('compileSql', () => {
  it("gives drizzle's text and values for a sale's statement", () => {
    const statement = saleStatement();
    const compiled = compileSql(new PgDialect(), statement);
    expect(compiled).toEqual(drizzleQuery(statement));
    // The column's encoder ran: the timestamp is bound as drizzle's driver value, not a Date.
    expect(compiled.params).toContain(at.toISOString());
    expect(compiled.params.filter((value) => value === at)).toHaveLength(1);
    expect(compiled.sql).toContain('"checkout_sessions"."fulfilled_at" is null');
  });

  it('walks a statement without drizzle once its tables and columns were seen', () => {
    const counter = counting();
    counter.compile(saleStatement());
    const firstCalls = counter.calls;
    expect(firstCalls).toBeGreaterThan(0);
    counter.compile(saleStatement());
    expect(counter.calls).toBe(firstCalls);
  });

  it('hands drizzle the statements of kinds it does not walk', () => {
    const counter = counting();
    const sub = db.select({ id: wallets.userId }).from(wallets).as('sub');
    const statements = [
      sql`select ${sql.placeholder('id')}::int`,
      sql`select ${'inline'}::text, ${3}`.inlineParams(),
      sql`select * from ${sub}`,
      sql`select ${sql`count(*)`.as('n')} from x`,
      sql`select ${{ plain: 'object' }}::jsonb`,
      sql`select 'a'::${pgEnum('mood', ['a', 'b'])}`,
    ];
    for (const statement of statements) {
      const before = counter.calls;
      expect(counter.compile(statement)).toEqual(drizzleQuery(statement));
      expect(counter.calls).toBe(before + 1);
    }
  });

  it("compiles every query of a handle, builders and relational queries alike, as drizzle's", () => {
    const fast = withFastCompile(drizzle.mock({ schema }) as unknown as Database);
    const plain = drizzle.mock({ schema }) as unknown as Database;
    const builders = (handle: Database) => [
      handle
        .update(checkoutSessions)
        .set({ status: 'complete', fulfilledAt: at })
        .where(eq(checkoutSessions.id, 'cs_1'))
        .returning({ id: checkoutSessions.id }),
      handle.insert(wallets).values({ userId: sale.buyerId, balanceCents: 5, currency: 'usd' }),
      handle
        .select()
        .from(ledgerEntries)
        .where(inArray(ledgerEntries.id, [1, 2])),
      handle.query.checkoutSessions.findFirst({
        where: eq(checkoutSessions.id, 'cs_2'),
        columns: { id: true },
      }),
    ];
    const texts = (handle: Database) =>
      builders(handle).map((builder) => {
        const { sql: text, params } = builder.toSQL();
        return { sql: text, params };
      });
    expect(texts(fast)).toEqual(texts(plain));
    // The builders' own statements took the fast path: drizzle's compiler adds typings.
    const dialectOf = (handle: Database) => (handle as unknown as { dialect: PgDialect }).dialect;
    const statements = builders(fast).map((builder) =>
      (builder as unknown as { getSQL(): SQL }).getSQL(),
    );
    for (const statement of statements) {
      expect(dialectOf(fast).sqlToQuery(statement)).not.toHaveProperty('typings');
      expect(dialectOf(plain).sqlToQuery(statement)).toHaveProperty('typings');
    }
  });

  it('agrees with drizzle on generated statements', () => {
    let seed = 17;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const leaves: (() => unknown)[] = [
      () => random(1000),
      () => `text ${random(9)} "quoted" 'single'`,
      () => null,
      () => undefined,
      () => random(2) === 0,
      () => new Date(Date.UTC(2026, random(12), 1 + random(28))),
      () => BigInt(random(1e6)),
      () => ledgerEntries.amountCents,
      () => wallets,
      () => sql.identifier(`name_${random(5)}`),
      () => sql.raw(`raw_${random(5)}`),
      () => eq(checkoutSessions.fulfilledAt, at),
      () => [random(5), 'a', null],
      () => sql.join([random(3), sql`x`, 'y'], sql`, `),
    ];
    const build = (depth: number): SQL => {
      const parts: unknown[] = [];
      for (let i = random(5); i >= 0; i--) {
        parts.push(
          depth > 0 && random(3) === 0 ? build(depth - 1) : leaves[random(leaves.length)]!(),
        );
      }
      return sql`select ${parts[0]} ${sql.join(
        parts.map((p) => sql`[${p}]`),
        sql` | `,
      )}`;
    };
    for (let i = 0; i < 300; i++) expectSame(build(3));
  });
});
