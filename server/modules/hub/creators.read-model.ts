import { and, sql } from 'drizzle-orm';
import type { Actor } from '../../../common/rules/permissions';
import type { HubCreatorsPage, HubCreatorsQuery } from '../../../common/schemas/hub';
import { authorize } from '../../auth/authorize';
import { users } from '../../db/schema/index';
import {
  containsText,
  creatorStatusSql,
  engagementEventsSql,
  followerCountSql,
  isCreatorAccount,
  listedItemCount,
  nameColumns,
} from './creator-scope.read-model';
import type { HubDeps } from './dashboard.read-model';
import { afterNameCursor, byUsername, pageOf } from './name-cursor.read-model';
import { presentCreatorRow } from './presenter';

/** docs/features.md "Control Hub": engagement counts the likes and comments of this many days. */
export const ENGAGEMENT_WINDOW_DAYS = 30;

/**
 * GET /api/v1/hub/creators (SPEC §2 creator mapping): case-insensitive search on name and
 * username, the status filter, by username in pages.
 */
export async function listCreators(
  deps: HubDeps,
  actor: Actor | null,
  query: HubCreatorsQuery,
): Promise<HubCreatorsPage> {
  authorize(actor, 'hub.read');
  const now = deps.clock.now();
  const since = new Date(now.getTime() - ENGAGEMENT_WINDOW_DAYS * 86_400_000);
  const rows = await deps.db
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      givenName: users.givenName,
      familyName: users.familyName,
      accountStatus: users.status,
      listedItems: listedItemCount,
      followers: followerCountSql,
      engagementEvents: engagementEventsSql(since, now),
    })
    .from(users)
    .where(
      and(
        isCreatorAccount,
        query.q ? containsText(query.q, nameColumns()) : undefined,
        query.status === 'all' ? undefined : sql`${creatorStatusSql} = ${query.status}`,
        afterNameCursor(query.cursor),
      ),
    )
    .orderBy(byUsername)
    .limit(query.limit + 1);
  const { page, nextCursor } = pageOf(rows, query.limit);
  return {
    creators: page.map((row) =>
      presentCreatorRow({
        ...row,
        listedItems: Number(row.listedItems),
        followers: Number(row.followers),
        engagementEvents: Number(row.engagementEvents),
      }),
    ),
    nextCursor,
  };
}
