import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../../common/rules/roles';
import { ITEM_STATES } from '../../../common/schemas/items';
import { items, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { hasCreatorRole, hasCreatorRoleSql, isCreator, isCreatorSql } from './creator.read-model';
import { qualified } from './qualified';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('isCreator and isCreatorSql', () => {
  it('agree on generated people: any role, with or without items in any state', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROLES),
        fc.array(fc.record({ status: fc.constantFrom(...ITEM_STATES), hidden: fc.boolean() }), {
          maxLength: 2,
        }),
        async (role, owned) => {
          const { user } = await createUser(t, { role });
          if (owned.length > 0) {
            // Raw rows: any role with items in any state, which the services never make
            // (publishing promotes a user, a deleted item is never created).
            await t.db.insert(items).values(
              owned.map((item) => ({
                ...item,
                // The table holds a time exactly for a scheduled item (issue 42).
                publishAt: item.status === 'scheduled' ? new Date(Date.now() + 86_400_000) : null,
                creatorId: user.id,
                title: 't',
                description: 'd',
                priceCents: 0,
                category: 'Music',
                subcategory: 'Loops',
              })),
            );
          }
          const [row] = await t.db
            .select({
              isCreator: isCreatorSql({ id: qualified(users.id), role: qualified(users.role) }),
            })
            .from(users)
            .where(eq(users.id, user.id));
          expect(row?.isCreator).toBe(isCreator({ role, hasItems: owned.length > 0 }));
        },
      ),
      { numRuns: 30 },
    );
  });

  it('hasCreatorRole and hasCreatorRoleSql agree on every role', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROLES), async (role) => {
        const [row] = await t.db
          .select({ hasRole: hasCreatorRoleSql(sql`${role}`) })
          .from(sql`(select 1) as one`);
        expect(row?.hasRole).toBe(hasCreatorRole(role));
      }),
      { numRuns: 16 },
    );
  });
});
