import { CURRENCIES, centsToDecimalString } from '../../../common/rules/money';
import type { Actor } from '../../../common/rules/permissions';
import { authorize } from '../../auth/authorize';
import type { Db } from '../../db/client';
import { csvDocument } from '../../http/csv';
import { creatorRoster } from './roster.read-model';

/**
 * The columns of the member CSV. Lifetime paid has one column per currency (`paid_eur`,
 * `paid_usd`, decimal amounts like 12.00): two currencies are never added into one figure.
 */
export const MEMBER_CSV_COLUMNS = [
  'username',
  'display_name',
  'email',
  'tier',
  'status',
  'member_since',
  ...CURRENCIES.map((c) => `paid_${c}`),
] as const;

/**
 * GET /api/v1/creator/members.csv (issue 42): the creator's followers and members, RFC 4180,
 * every cell through the formula-injection guard; e-mails only of those who agreed to share them.
 */
export async function membersCsv(db: Db, actor: Actor | null, now: Date): Promise<string> {
  authorize(actor, 'members.manage');
  const { members } = await creatorRoster(db, actor.id, now, null);
  return csvDocument(
    MEMBER_CSV_COLUMNS,
    members.map((m) => [
      m.username,
      m.displayName,
      m.email,
      m.tier,
      m.status,
      m.memberSince,
      ...CURRENCIES.map((currency) => {
        const paid = m.paid.find((p) => p.currency === currency);
        return centsToDecimalString(paid?.cents ?? 0);
      }),
    ]),
  );
}
