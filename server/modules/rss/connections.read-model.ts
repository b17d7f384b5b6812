import { and, desc, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { displayNameOf } from '../../../common/rules/display-name';
import type { Role } from '../../../common/rules/roles';
import type { UserStatus } from '../../../common/schemas/users';
import type { Db } from '../../db/client';
import { entitlements, follows, users } from '../../db/schema/index';

/*
 * Who a person's feed links may name (issue 42): the creators they follow or hold a membership
 * of, and the account facts a link's validity hangs on. Reads users, follows and billing's
 * entitlements; writes nothing.
 */

export interface FeedAccount {
  id: string;
  username: string;
  displayName: string;
  role: Role;
  status: UserStatus;
}

const accountColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  givenName: users.givenName,
  familyName: users.familyName,
  role: users.role,
  status: users.status,
};

type AccountRow = {
  id: string;
  username: string;
  displayName: string | null;
  givenName: string | null;
  familyName: string | null;
  role: Role;
  status: UserStatus;
};

const toAccount = (row: AccountRow): FeedAccount => ({
  id: row.id,
  username: row.username,
  displayName: displayNameOf(row),
  role: row.role,
  status: row.status,
});

export async function accountById(db: Db, id: string): Promise<FeedAccount | null> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id));
  return row ? toAccount(row) : null;
}

/**
 * The id of the person's membership of the creator that gives access now (the one lasting
 * longest when there are several), or null.
 */
export async function currentMembershipId(
  db: Db,
  userId: string,
  creatorId: string,
  now: Date,
): Promise<number | null> {
  const [row] = await db
    .select({ id: entitlements.id })
    .from(entitlements)
    .where(
      and(
        eq(entitlements.userId, userId),
        eq(entitlements.creatorId, creatorId),
        isNotNull(entitlements.tier),
        gt(entitlements.periodEnd, now),
      ),
    )
    .orderBy(desc(entitlements.periodEnd))
    .limit(1);
  return row?.id ?? null;
}

/** Whether that membership (an entitlement row of this person and creator) still gives access. */
export async function membershipRuns(
  db: Db,
  membershipId: number,
  userId: string,
  creatorId: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: entitlements.id })
    .from(entitlements)
    .where(
      and(
        eq(entitlements.id, membershipId),
        eq(entitlements.userId, userId),
        eq(entitlements.creatorId, creatorId),
        isNotNull(entitlements.tier),
        gt(entitlements.periodEnd, now),
      ),
    );
  return row !== undefined;
}

export interface ConnectedCreator extends FeedAccount {
  isMember: boolean;
}

/**
 * The active creators the person follows or holds a running membership of, by name: the
 * creators the account settings offer a feed link for.
 */
export async function connectedCreators(
  db: Db,
  userId: string,
  now: Date,
): Promise<ConnectedCreator[]> {
  const memberships = await db
    .selectDistinct({ creatorId: entitlements.creatorId })
    .from(entitlements)
    .where(
      and(
        eq(entitlements.userId, userId),
        isNotNull(entitlements.tier),
        gt(entitlements.periodEnd, now),
      ),
    );
  const memberOf = new Set(memberships.map((m) => m.creatorId));
  const rows = await db
    .select(accountColumns)
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        or(
          inArray(
            users.id,
            [...memberOf].filter((id) => id !== null),
          ),
          sql`exists (select 1 from ${follows}
            where ${follows.followerId} = ${userId} and ${follows.creatorId} = ${users.id})`,
        ),
      ),
    )
    .orderBy(sql`lower(${users.username})`)
    .limit(500);
  return rows.map((row) => ({ ...toAccount(row), isMember: memberOf.has(row.id) }));
}
