import type { Actor } from '../../../common/rules/permissions';
import type {
  CompMembershipRequest,
  CompMembershipResponse,
} from '../../../common/schemas/members';
import { authorize } from '../../auth/authorize';
import type { Database } from '../../db/client';
import type { EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { grantComplimentary } from '../billing/index';
import { accountState } from '../users/index';

/**
 * POST /api/v1/creator/members/comp (issue 42): the signed-in creator gives a person (by account
 * id or e-mail) a complimentary membership of a tier for some months. Free, audited as
 * `membership.comp_granted`, ended by the renewal job; 409 when they already hold a membership.
 */
export async function giveComplimentary(
  db: Database,
  actor: Actor | null,
  body: CompMembershipRequest,
  meta: EventMeta,
): Promise<CompMembershipResponse> {
  authorize(actor, 'members.manage');
  const fan = await accountState(
    db,
    body.userId !== undefined ? { id: body.userId } : { email: body.email ?? '' },
  );
  if (!fan || fan.status === 'deleted') throw fail('member_not_found');
  if (fan.id === actor.id) throw fail('comp_self');
  if (fan.status !== 'active') throw fail('comp_account_closed');
  const row = await db.transaction((tx) =>
    grantComplimentary(
      tx,
      {
        fanId: fan.id,
        creatorId: actor.id,
        tier: body.tier,
        months: body.months,
        via: 'creator',
      },
      actor,
      meta,
    ),
  );
  if (!row) throw fail('already_member');
  return {
    subscriptionId: row.id,
    userId: fan.id,
    username: fan.username,
    tier: body.tier,
    periodEnd: row.currentPeriodEnd.toISOString(),
  };
}
