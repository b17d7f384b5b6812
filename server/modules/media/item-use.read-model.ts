import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { items, users } from '../../db/schema/index';
import type { EntitlementSubject } from '../access/index';
import type { MediaObjectRow } from './tables';

/*
 * Read model of the items that use an upload (items, with their creator's status from users):
 * what media access decides on. Media stands below items and users, so it reads them here.
 */

/**
 * The items using this upload. Items can only use their creator's own uploads, so only the
 * owner's items (indexed by creator) need looking at. An item using an image uses its preview too.
 */
export async function itemsUsingUpload(
  db: Db,
  row: Pick<MediaObjectRow, 'ownerId' | 'key'>,
): Promise<EntitlementSubject[]> {
  return db
    .select({
      id: items.id,
      creatorId: items.creatorId,
      priceCents: items.priceCents,
      tierRequired: items.tierRequired,
      earlyAccessUntil: items.earlyAccessUntil,
      status: items.status,
      hidden: items.hidden,
      creatorStatus: users.status,
    })
    .from(items)
    .innerJoin(users, eq(users.id, items.creatorId))
    .where(
      and(
        eq(items.creatorId, row.ownerId),
        or(eq(items.imageKey, row.key), eq(items.audioKey, row.key), eq(items.videoKey, row.key)),
      ),
    );
}
