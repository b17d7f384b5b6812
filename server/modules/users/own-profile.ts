import { eq } from 'drizzle-orm';
import type { ProfileResponse } from '../../../common/schemas/users';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { fail } from '../../http/errors';
import { presentProfile } from './presenter';

/** SPEC §7 GET /api/v1/users/profile: the signed-in user's own profile. */
export async function ownProfile(db: Db, userId: string): Promise<ProfileResponse> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw fail('user_not_found');
  return presentProfile(user);
}
