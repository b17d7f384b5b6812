import { eq } from 'drizzle-orm';
import { displayNameOf } from '../../../common/rules/display-name';
import type { Actor } from '../../../common/rules/permissions';
import type {
  NewItemsChoice,
  NotificationPreferences,
  NotificationPreferencesUpdate,
} from '../../../common/schemas/newsletter';
import { authorize } from '../../auth/authorize';
import type { Database, Db } from '../../db/client';
import { recordEvent, type EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { creatorsOf } from './newsletter-audience.read-model';
import { newsletterPreferences } from './tables';
import { readNewsletterUnsubscribeToken } from './tokens';

/*
 * New-post mail choices (issue 42), per person and creator: `instant`, `weekly` or `off`. A
 * creator the person never chose for takes the default: `instant` for a member, `weekly` for a
 * follower.
 */

export const defaultChoiceOf = (relation: 'member' | 'follower'): NewItemsChoice =>
  relation === 'member' ? 'instant' : 'weekly';

async function preferencesOf(db: Db, userId: string, now: Date): Promise<NotificationPreferences> {
  const relations = await creatorsOf(db, userId, now);
  const chosen = await db
    .select({
      creatorId: newsletterPreferences.creatorId,
      newItems: newsletterPreferences.newItems,
    })
    .from(newsletterPreferences)
    .where(eq(newsletterPreferences.userId, userId));
  const choiceOf = new Map(chosen.map((c) => [c.creatorId, c.newItems]));
  return {
    creators: relations.map((r) => {
      const choice = choiceOf.get(r.creatorId);
      return {
        creatorId: r.creatorId,
        username: r.username,
        displayName: displayNameOf(r.name),
        relation: r.relation,
        newItems: choice ?? defaultChoiceOf(r.relation),
        isDefault: choice === undefined,
      };
    }),
  };
}

/** GET /api/v1/users/notification-preferences. */
export async function notificationPreferences(
  db: Database,
  actor: Actor | null,
  now: Date,
): Promise<NotificationPreferences> {
  authorize(actor, 'account.edit', { ownerId: actor?.id ?? '' });
  return preferencesOf(db, actor.id, now);
}

async function choose(
  tx: Db,
  userId: string,
  creatorId: string,
  newItems: NewItemsChoice,
  at: Date,
) {
  await tx
    .insert(newsletterPreferences)
    .values({ userId, creatorId, newItems, updatedAt: at })
    .onConflictDoUpdate({
      target: [newsletterPreferences.userId, newsletterPreferences.creatorId],
      set: { newItems, updatedAt: at },
    });
}

/**
 * PUT /api/v1/users/notification-preferences: sets the choice for each creator named; every
 * one must be a creator the person follows or is a member of (else 400, nothing changes).
 */
export async function updateNotificationPreferences(
  db: Database,
  actor: Actor | null,
  body: NotificationPreferencesUpdate,
  meta: EventMeta,
): Promise<NotificationPreferences> {
  authorize(actor, 'account.edit', { ownerId: actor?.id ?? '' });
  const wanted = body.creators.map((c) => c.creatorId);
  const known = new Set((await creatorsOf(db, actor.id, meta.at, wanted)).map((r) => r.creatorId));
  if (wanted.some((id) => !known.has(id))) throw fail('newsletter_creator_unknown');
  return db.transaction(async (tx) => {
    for (const c of body.creators) await choose(tx, actor.id, c.creatorId, c.newItems, meta.at);
    await recordEvent(
      tx,
      actor,
      {
        type: 'account.updated',
        subjectId: actor.id,
        data: { fields: body.creators.map((c) => `newsletter.${c.creatorId}`) },
      },
      meta,
      { audience: [actor.id] },
    );
    return preferencesOf(tx, actor.id, meta.at);
  });
}

/**
 * The one-click unsubscribe of a new-post mail (no sign-in): a genuine token switches off its
 * own person's mails about its own creator; null when the token is not such a token.
 */
export async function unsubscribeFromCreator(
  db: Database,
  key: Buffer,
  token: string,
  meta: EventMeta,
): Promise<{ userId: string; creatorId: string } | null> {
  const target = readNewsletterUnsubscribeToken(key, token);
  if (!target) return null;
  await db.transaction(async (tx) => {
    await choose(tx, target.userId, target.creatorId, 'off', meta.at);
    await recordEvent(
      tx,
      { id: target.userId },
      {
        type: 'account.updated',
        subjectId: target.userId,
        data: { fields: [`newsletter.${target.creatorId}`] },
      },
      meta,
      { audience: [target.userId] },
    );
  });
  return target;
}
