import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { sendRefusal, type MessagingRelation } from '../../../common/rules/messaging';
import type { Role } from '../../../common/rules/roles';
import type { SendRefusal } from '../../../common/schemas/messages';
import type { Db } from '../../db/client';
import { hasCreatorRole, hasCreatorRoleSql, holdsMembershipSql } from '../access/index';
import { blocksSql } from '../blocks/index';
import { followsSql } from '../follows/index';
import { conversationParticipants } from './tables';

/*
 * Who may message whom (docs/features.md "Direct messages"): the rule itself is common/rules/messaging.ts;
 * here are the two ways the server asks it: for one pair before a send, and as an SQL condition
 * over many people for the search of whom to message. Both read the same facts (role, follows,
 * memberships, who wrote first, blocks).
 */

/** `authorId` has written to `readerId` in their conversation. */
const hasWrittenTo = (authorId: SQLWrapper, readerId: SQLWrapper): SQL =>
  sql`exists (select 1 from ${conversationParticipants}
    where ${conversationParticipants.userId} = ${authorId}
    and ${conversationParticipants.peerId} = ${readerId}
    and ${conversationParticipants.hasWritten})`;

const param = (value: string): SQL => sql`${value}::uuid`;

/** How `sender` and `recipient` stand to each other. */
export async function messagingRelation(
  db: Db,
  sender: { id: string; role: Role },
  recipient: { id: string; role: Role },
  now: Date,
): Promise<MessagingRelation> {
  const s = param(sender.id);
  const r = param(recipient.id);
  // One round trip: every fact is an index lookup.
  const [facts] = await db
    .select({
      senderFollowsRecipient: sql<boolean>`${followsSql(s, r)}`,
      recipientFollowsSender: sql<boolean>`${followsSql(r, s)}`,
      recipientSubscribesToSender: sql<boolean>`${holdsMembershipSql(r, s, now)}`,
      recipientWroteFirst: sql<boolean>`${hasWrittenTo(r, s)}`,
      senderBlockedRecipient: sql<boolean>`${blocksSql(s, r)}`,
      recipientBlockedSender: sql<boolean>`${blocksSql(r, s)}`,
    })
    .from(sql`(select 1) as one`);
  if (!facts) throw new Error('relation query returned nothing');
  return {
    recipientIsCreator: hasCreatorRole(recipient.role),
    senderIsCreator: hasCreatorRole(sender.role),
    ...facts,
  };
}

/** Whether `sender` may message `recipient` now; null when allowed, else why not. */
export async function sendRefusalFor(
  db: Db,
  sender: { id: string; role: Role },
  recipient: { id: string; role: Role },
  now: Date,
): Promise<SendRefusal | null> {
  return sendRefusal(await messagingRelation(db, sender, recipient, now));
}

/**
 * The same rule as an SQL condition on a person (`candidate` columns): the viewer may message
 * them, or could once they unblock them (the search shows those, marked, so they can be
 * unblocked). People who block the viewer never match.
 */
export function mayBeMessagedSql(
  viewer: { id: string; role: Role },
  candidate: { id: SQLWrapper; role: SQLWrapper },
  now: Date,
): SQL {
  const me = param(viewer.id);
  const them = candidate.id;
  const asCreator = hasCreatorRole(viewer.role)
    ? sql`or ${followsSql(them, me)} or ${holdsMembershipSql(them, me, now)}`
    : sql``;
  return and(
    sql`not ${blocksSql(them, me)}`,
    sql`(${hasCreatorRoleSql(candidate.role)} ${asCreator}
      or (${followsSql(me, them)} and ${followsSql(them, me)})
      or ${hasWrittenTo(them, me)})`,
  ) as SQL;
}

/** SQL: the viewer blocks `them` (shown in the inbox and search as `blockedByMe`). */
export const blockedByViewerSql = (viewerId: string, them: SQLWrapper): SQL =>
  blocksSql(param(viewerId), them);

/** SQL: `them` blocks the viewer (such people are left out of the inbox and search). */
export const blocksViewerSql = (viewerId: string | SQLWrapper, them: SQLWrapper): SQL =>
  blocksSql(them, typeof viewerId === 'string' ? param(viewerId) : viewerId);
