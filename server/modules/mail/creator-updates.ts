import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Actor } from '../../../common/rules/permissions';
import {
  UPDATES_PER_DAY,
  type CreatorUpdateRequest,
  type CreatorUpdateResponse,
  type ItemMailStats,
} from '../../../common/schemas/newsletter';
import { authorize } from '../../auth/authorize';
import type { Database } from '../../db/client';
import { recordEvent, type EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { fanOutWrite, sourceMailStats } from './newsletter';
import { memberRecipients } from './newsletter-audience.read-model';
import { creatorUpdates } from './tables';

/*
 * A creator's short update to their members (issue 42): stored, then mailed like a new item by
 * the same fan-out job (members only, unless they switched this creator off). At most
 * UPDATES_PER_DAY in 24 hours per creator, counted in the database so every instance agrees.
 */

const DAY_MS = 24 * 3600_000;

/** POST /api/v1/creator/updates. */
export async function postCreatorUpdate(
  db: Database,
  actor: Actor | null,
  body: CreatorUpdateRequest,
  meta: EventMeta,
): Promise<CreatorUpdateResponse> {
  authorize(actor, 'membership.offer', { ownerId: actor?.id ?? '' });
  return db.transaction(async (tx) => {
    // One creator's updates are counted one at a time: two at once cannot both pass the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`creator-update:${actor.id}`}))`);
    const [recent] = await tx
      .select({ n: count() })
      .from(creatorUpdates)
      .where(
        and(
          eq(creatorUpdates.creatorId, actor.id),
          gt(creatorUpdates.createdAt, new Date(meta.at.getTime() - DAY_MS)),
        ),
      );
    if ((recent?.n ?? 0) >= UPDATES_PER_DAY) {
      throw fail('creator_update_limited', { limit: UPDATES_PER_DAY });
    }
    const id = crypto.randomUUID();
    await tx.insert(creatorUpdates).values({
      id,
      creatorId: actor.id,
      subject: body.subject,
      text: body.text,
      createdAt: meta.at,
    });
    await recordEvent(
      tx,
      actor,
      {
        type: 'newsletter.update_posted',
        subjectId: actor.id,
        data: { updateId: id, subject: body.subject },
      },
      meta,
    );
    const {
      actor: none,
      event,
      options,
    } = fanOutWrite({ source: `update:${id}`, updateId: id }, meta.at);
    await recordEvent(tx, none, event, meta, options);
    return { id, recipients: await memberRecipients(tx, actor.id, meta.at) };
  });
}

/** GET /api/v1/creator/items/{id}/mail-stats: the item's owner (or staff) only. */
export async function itemMailStats(
  db: Database,
  actor: Actor | null,
  item: { id: number; creatorId: string },
): Promise<ItemMailStats> {
  authorize(actor, 'item.edit', { ownerId: item.creatorId });
  return sourceMailStats(db, `item:${item.id}`);
}
