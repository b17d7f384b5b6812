import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { recordEvent, type EventActor, type EventMeta } from '../../events/record';
import { creatorProfiles, profileVisits } from './tables';

/**
 * Counts one visit of a profile (issue 12: once per viewer and UTC day). The counter moves in
 * the transaction of the visit row that justifies it, so concurrent requests count a viewer
 * once. Answers the count after this visit, or null when this viewer was counted today already.
 */
export async function countProfileVisit(
  db: Database,
  profileId: string,
  viewerKey: string,
  actor: EventActor,
  meta: EventMeta,
): Promise<number | null> {
  const day = meta.at.toISOString().slice(0, 10);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(profileVisits)
      .values({ profileId, viewerKey, day })
      .onConflictDoNothing()
      .returning({ profileId: profileVisits.profileId });
    if (inserted.length === 0) return null;
    const [row] = await tx
      .insert(creatorProfiles)
      .values({ userId: profileId, visitorCount: 1, updatedAt: meta.at })
      .onConflictDoUpdate({
        target: creatorProfiles.userId,
        set: { visitorCount: sql`${creatorProfiles.visitorCount} + 1` },
      })
      .returning({ visitors: creatorProfiles.visitorCount });
    const visitors = row?.visitors ?? 0;
    await recordEvent(
      tx,
      actor,
      { type: 'profile.visited', subjectId: profileId, data: { visitors } },
      meta,
    );
    return visitors;
  });
}
