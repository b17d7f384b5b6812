import { and, eq, gt, isNull } from 'drizzle-orm';
import type { PaidTier } from '../../../common/rules/tiers';
import type { Db } from '../../db/client';
import { recordEvent, type EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { grantComplimentary } from '../billing/index';
import { linkToken, queueMail, tokenHash } from '../mail/index';
import { memberInvitations, type MemberInvitationRow } from './tables';

/** How long an invitation's sign-up link works. */
export const INVITATION_TTL_MS = 60 * 24 * 3600_000;

export interface NewInvitation {
  creatorId: string;
  importId: string | null;
  email: string;
  name: string | null;
  comp: { tier: PaidTier; months: number } | null;
}

/**
 * Records an invitation and queues its one e-mail, in the caller's transaction; false, with
 * nothing written or mailed, when this creator already invited the address (once, ever).
 */
export async function inviteAddress(
  tx: Db,
  mailKey: Buffer,
  invite: NewInvitation,
  meta: EventMeta,
): Promise<boolean> {
  const id = crypto.randomUUID();
  const [row] = await tx
    .insert(memberInvitations)
    .values({
      id,
      creatorId: invite.creatorId,
      importId: invite.importId,
      email: invite.email,
      tokenHash: tokenHash(linkToken(mailKey, id)),
      compTier: invite.comp?.tier ?? null,
      compMonths: invite.comp?.months ?? null,
      createdAt: meta.at,
      expiresAt: new Date(meta.at.getTime() + INVITATION_TTL_MS),
    })
    .onConflictDoNothing()
    .returning({ id: memberInvitations.id });
  if (!row) return false;
  // The mail goes out in the creator's name and language: the invitee has no account yet.
  await queueMail(
    tx,
    {
      template: invite.comp ? 'member-invite-comp' : 'member-invite',
      userId: invite.creatorId,
      to: invite.email,
      tokenId: id,
      params: {
        username: invite.name ?? invite.email,
        creatorId: invite.creatorId,
        ...(invite.comp ? { tier: invite.comp.tier, months: String(invite.comp.months) } : {}),
      },
    },
    `member-invite:${id}`,
    meta,
  );
  return true;
}

/**
 * Uses an invitation's token for the account just created through its link (issue 42), in the
 * sign-up's transaction: marks it accepted (once: a guarded update) and, when the creator chose
 * one, gives its complimentary membership. 400 for an unknown, used or expired token, so the
 * sign-up changes nothing.
 */
export async function acceptInvitation(
  tx: Db,
  token: string,
  userId: string,
  meta: EventMeta,
): Promise<MemberInvitationRow> {
  const [invitation] = await tx
    .update(memberInvitations)
    .set({ acceptedAt: meta.at, acceptedBy: userId })
    .where(
      and(
        eq(memberInvitations.tokenHash, tokenHash(token)),
        isNull(memberInvitations.acceptedAt),
        gt(memberInvitations.expiresAt, meta.at),
      ),
    )
    .returning();
  if (!invitation) throw fail('invitation_invalid');
  await recordEvent(
    tx,
    { id: userId },
    {
      type: 'members.invitation_accepted',
      subjectId: userId,
      data: { creatorId: invitation.creatorId, invitationId: invitation.id },
    },
    meta,
  );
  if (invitation.compTier && invitation.compMonths && invitation.creatorId !== userId) {
    await grantComplimentary(
      tx,
      {
        fanId: userId,
        creatorId: invitation.creatorId,
        tier: invitation.compTier,
        months: invitation.compMonths,
        via: 'invitation',
      },
      { id: userId },
      meta,
    );
  }
  return invitation;
}
