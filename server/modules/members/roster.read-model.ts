import { sql } from 'drizzle-orm';
import { displayNameOf } from '../../../common/rules/display-name';
import { isCurrency } from '../../../common/rules/money';
import type { Tier } from '../../../common/rules/tiers';
import type { MemberRow, MemberStatus, PaidInCurrency } from '../../../common/schemas/members';
import type { SubscriptionProvider } from '../../../common/schemas/billing';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { entitlements, follows, ledgerEntries, subscriptions, users } from '../../db/schema/index';

interface RosterSqlRow {
  id: string;
  username: string;
  displayName: string | null;
  givenName: string | null;
  familyName: string | null;
  email: string | null;
  since: string | Date;
  tier: Tier | null;
  provider: SubscriptionProvider | null;
  subStatus: string | null;
  accessUntil: string | Date | null;
  paid: { currency: string; cents: number | string }[] | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** Where a person stands with the creator, from their latest membership and its access now. */
function statusOf(row: RosterSqlRow, now: Date): MemberStatus {
  if (!row.provider) return 'follower';
  if (row.subStatus === 'past_due') return 'past_due';
  const hasAccess = row.accessUntil !== null && new Date(row.accessUntil) > now;
  if (!hasAccess) return 'former_member';
  return row.provider === 'comp' ? 'complimentary' : 'member';
}

function present(row: RosterSqlRow, now: Date): MemberRow {
  const paid: PaidInCurrency[] = (row.paid ?? []).flatMap((p) =>
    isCurrency(p.currency) ? [{ currency: p.currency, cents: Number(p.cents) }] : [],
  );
  return {
    userId: row.id,
    username: row.username,
    displayName: displayNameOf(row),
    email: row.email,
    tier: row.tier,
    status: statusOf(row, now),
    memberSince: iso(row.since),
    accessUntil: row.accessUntil === null ? null : iso(row.accessUntil),
    paid,
  };
}

/**
 * A creator's followers and members (issue 42), newest first: everyone who follows them or ever
 * held a membership of theirs, except closed accounts. The e-mail only of those who agreed to
 * share it with creators (account settings). Lifetime paid is what the person paid this creator
 * (memberships and item purchases, before the platform fee), per currency, never added across
 * currencies. `limit` null reads them all (the CSV export).
 */
export async function creatorRoster(
  db: Db,
  creatorId: string,
  now: Date,
  limit: number | null,
): Promise<{ members: MemberRow[]; total: number }> {
  const creator = sql`${creatorId}::uuid`;
  const result = await db.execute(sql`
    with people as (
      select ${follows.followerId} as user_id, ${follows.createdAt} as since
        from ${follows} where ${follows.creatorId} = ${creator}
      union all
      select ${subscriptions.userId}, ${subscriptions.createdAt}
        from ${subscriptions} where ${subscriptions.creatorId} = ${creator}
    ),
    roster as (
      select p.user_id, min(p.since) as since from people p
        join ${users} u on u.id = p.user_id and u.status <> 'deleted'
      group by p.user_id
    ),
    latest as (
      select distinct on (s.user_id) s.user_id, s.id, s.provider, s.tier, s.status
        from ${subscriptions} s where s.creator_id = ${creator}
        order by s.user_id, s.created_at desc, s.id desc
    ),
    paid as (
      select s.user_id, l.currency, coalesce(l.gross_cents, l.amount_cents) as cents
        from ${ledgerEntries} l join ${subscriptions} s on s.id = l.subscription_id
        where l.account = 'earnings' and l.user_id = ${creator} and l.kind = 'membership'
      union all
      select e.user_id, l.currency, coalesce(l.gross_cents, l.amount_cents)
        from ${ledgerEntries} l join ${entitlements} e on e.source_ref = substr(l.ref, 6)
        where l.account = 'earnings' and l.user_id = ${creator} and l.kind = 'sale'
          and l.ref like 'sale:%'
    )
    select u.id, u.username, u.display_name as "displayName", u.given_name as "givenName",
      u.family_name as "familyName",
      case when u.share_email_with_creators then u.email end as email,
      r.since, latest.tier, latest.provider, latest.status as "subStatus",
      (select max(e.period_end) from ${entitlements} e
        where e.source_ref = 'sub:' || latest.id::text) as "accessUntil",
      (select json_agg(json_build_object('currency', t.currency, 'cents', t.cents)
          order by t.currency)
        from (select currency, sum(cents) as cents from paid
          where paid.user_id = u.id group by currency) t) as paid,
      count(*) over () as total
    from roster r
    join ${users} u on u.id = r.user_id
    left join latest on latest.user_id = r.user_id
    order by r.since desc, u.id
    ${limit === null ? sql`` : sql`limit ${limit}`}`);
  const rows = rowsOf<RosterSqlRow & { total: number | string }>(result);
  return {
    members: rows.map((row) => present(row, now)),
    total: rows.length === 0 ? 0 : Number(rows[0]!.total),
  };
}
