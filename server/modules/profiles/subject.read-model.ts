import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { usernameMatches, type UserRow } from '../users/index';
import { creatorProfiles, type CreatorProfileRow } from './tables';

/*
 * Read model of a profile's subject: the account (users) with the creator profile this module
 * keeps, in one statement.
 */

/** The person by id or username (any letter case) with their creator profile, if any. */
export async function loadSubject(
  db: Db,
  by: { id: string } | { username: string },
): Promise<{ user: UserRow; profile: CreatorProfileRow | null } | null> {
  const [row] = await db
    .select({ user: users, profile: creatorProfiles })
    .from(users)
    .leftJoin(creatorProfiles, eq(creatorProfiles.userId, users.id))
    .where('id' in by ? eq(users.id, by.id) : usernameMatches(by.username))
    .limit(1);
  return row ?? null;
}

/** A public profile's person with the social links and banner their creator settings keep. */
export async function publicProfileRow(db: Db, id: string) {
  const [row] = await db
    .select({
      user: users,
      links: creatorProfiles.links,
      bannerKey: creatorProfiles.bannerImageKey,
    })
    .from(users)
    .leftJoin(creatorProfiles, eq(creatorProfiles.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  return row;
}
