import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { hasCreatorRole, isCreator } from '../../../common/rules/creator';
import type { Role } from '../../../common/rules/roles';
import type { Db } from '../../db/client';
import { items } from '../../db/schema/index';
import { qualified } from './qualified';

export { hasCreatorRole, isCreator };

const itemCreator = qualified(items.creatorId);

/**
 * The SQL twin of common/rules/creator.ts `isCreator`, over a person's id and role (columns
 * written with their table, see qualified.ts, or bound values): role creator, or an item of theirs exists. creator.test.ts checks on generated
 * people that both answer alike.
 */
export const isCreatorSql = (person: { id: SQLWrapper; role: SQLWrapper }): SQL =>
  sql`(${person.role} = 'creator' or exists (select 1 from ${items}
    where ${itemCreator} = ${person.id}))`;

/** Whether one person is a creator now, asked of the database (a follow, a message). */
export async function isCreatorNow(db: Db, person: { id: string; role: Role }): Promise<boolean> {
  const [row] = await db
    .select({ isCreator: isCreatorSql({ id: sql`${person.id}::uuid`, role: sql`${person.role}` }) })
    .from(sql`(select 1) as one`);
  return row?.isCreator === true;
}

/** The SQL twin of common/rules/creator.ts `hasCreatorRole`, over a role column. */
export const hasCreatorRoleSql = (role: SQLWrapper): SQL => sql`(${role} = 'creator')`;
