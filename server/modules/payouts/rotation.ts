import { and, eq, isNotNull, not, or, sql, type AnyColumn } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { recordEvent, type EventMeta } from '../../events/record';
import type { PayoutCipher, SealedField } from './cipher';
import { payoutSettings } from './tables';

const BATCH = 100;

/**
 * `npm run payouts:rotate-key` (docs/payments.md "Payout keys"): re-seals every account and routing
 * number not sealed with the current key, one creator per transaction (locked, so an edit in
 * between is not overwritten). Afterwards the previous keys may be removed from configuration.
 */
export async function rotatePayoutKey(
  db: Database,
  cipher: PayoutCipher,
  meta: EventMeta,
): Promise<{ keyId: string; resealed: number }> {
  const current = `v1.${cipher.currentKeyId}.%`;
  const stale = (column: AnyColumn) => and(isNotNull(column), not(sql`${column} like ${current}`));
  let resealed = 0;
  for (;;) {
    const batch = await db
      .select({ creatorId: payoutSettings.creatorId })
      .from(payoutSettings)
      .where(
        or(stale(payoutSettings.accountNumberSealed), stale(payoutSettings.routingNumberSealed)),
      )
      .limit(BATCH);
    if (batch.length === 0) break;
    for (const { creatorId } of batch) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(payoutSettings)
          .where(eq(payoutSettings.creatorId, creatorId))
          .for('update');
        if (!row) return;
        const reseal = (sealed: string | null, field: SealedField) =>
          sealed && cipher.keyIdOf(sealed) !== cipher.currentKeyId
            ? cipher.seal(cipher.open(sealed, creatorId, field), creatorId, field)
            : sealed;
        await tx
          .update(payoutSettings)
          .set({
            accountNumberSealed: reseal(row.accountNumberSealed, 'accountNumber'),
            routingNumberSealed: reseal(row.routingNumberSealed, 'routingNumber'),
          })
          .where(eq(payoutSettings.creatorId, creatorId));
      });
      resealed += 1;
    }
  }
  if (resealed > 0) {
    await recordEvent(
      db,
      null,
      {
        type: 'payout.key_rotated',
        subjectId: 'payout-keys',
        data: { keyId: cipher.currentKeyId, resealed },
      },
      meta,
    );
  }
  return { keyId: cipher.currentKeyId, resealed };
}
