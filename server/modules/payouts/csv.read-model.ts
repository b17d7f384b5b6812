import { asc, eq, sql } from 'drizzle-orm';
import { centsToDecimalString } from '../../../common/rules/money';
import { maskNumber } from '../../../common/rules/payouts';
import type { Actor } from '../../../common/rules/permissions';
import { authorize } from '../../auth/authorize';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { csvCell } from '../../http/csv';
import { fail } from '../../http/errors';
import { personName } from '../hub/index';
import { openIfReadable, type PayoutCipher } from './cipher';
import { payoutRuns, payoutSettings, payoutTransfers } from './tables';

export const CSV_COLUMNS = [
  'run_id',
  'run_at',
  'creator_id',
  'username',
  'creator',
  'currency',
  'amount',
  'amount_cents',
  'status',
  'provider',
  'provider_ref',
  'payment_method',
  'bank_name',
  'account',
] as const;

/** The account cell of a number sealed with a key this server does not have. */
const UNREADABLE_CELL = 'unreadable';

/** GET /api/v1/hub/payouts/runs/{id}/export: one line per transfer; account numbers masked. */
export async function payoutRunCsv(
  db: Db,
  cipher: PayoutCipher,
  actor: Actor | null,
  runId: string,
): Promise<string> {
  authorize(actor, 'hub.read');
  const [run] = await db.select().from(payoutRuns).where(eq(payoutRuns.id, runId));
  if (!run) throw fail('payout_run_not_found');
  const rows = await db
    .select({
      transfer: payoutTransfers,
      username: users.username,
      displayName: users.displayName,
      givenName: users.givenName,
      familyName: users.familyName,
      paymentMethod: payoutSettings.paymentMethod,
      bankName: payoutSettings.bankName,
      accountNumberSealed: payoutSettings.accountNumberSealed,
    })
    .from(payoutTransfers)
    .innerJoin(users, eq(users.id, payoutTransfers.creatorId))
    .leftJoin(payoutSettings, eq(payoutSettings.creatorId, payoutTransfers.creatorId))
    .where(eq(payoutTransfers.runId, runId))
    .orderBy(sql`lower(${users.username})`, asc(payoutTransfers.currency));
  const lines = [CSV_COLUMNS.join(',')];
  for (const row of rows) {
    const { transfer } = row;
    const opened = row.accountNumberSealed
      ? openIfReadable(cipher, row.accountNumberSealed, transfer.creatorId, 'accountNumber')
      : null;
    // A number this server cannot open is marked, as in the payout table, not a failed export.
    const account =
      opened !== null ? maskNumber(opened) : row.accountNumberSealed ? UNREADABLE_CELL : null;
    lines.push(
      [
        run.id,
        run.createdAt.toISOString(),
        transfer.creatorId,
        row.username,
        personName(row),
        transfer.currency.toUpperCase(),
        centsToDecimalString(transfer.amountCents),
        transfer.amountCents,
        transfer.status,
        transfer.provider,
        transfer.providerRef,
        row.paymentMethod,
        row.bankName,
        account,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
