import { and, eq } from 'drizzle-orm';
import type { PayoutProvider } from '../../adapters/payouts/index';
import type { Clock } from '../../context';
import type { Database } from '../../db/client';
import { recordEvent, systemMeta } from '../../events/record';
import type { JobRunner } from '../../jobs/runner';
import { reversePayout } from '../billing/index';
import type { PayoutCipher } from './cipher';
import { PAYOUT_TRANSFER_JOB } from './runs';
import { payoutSettings, payoutTransfers } from './tables';

export interface TransferDeps {
  db: Database;
  clock: Clock;
  cipher: PayoutCipher;
  provider: PayoutProvider;
}

/** Attempts before a refused payout is given up and credited back to the creator. */
export const TRANSFER_ATTEMPTS = 5;

/**
 * Hands one booked payout to the provider. The ledger ref is the provider's idempotency key,
 * so a retry after a crash between sending and recording pays once. The destination is opened
 * only for the call.
 */
export async function sendTransfer(deps: TransferDeps, transferId: number): Promise<void> {
  const [row] = await deps.db
    .select({ transfer: payoutTransfers, settings: payoutSettings })
    .from(payoutTransfers)
    .leftJoin(payoutSettings, eq(payoutSettings.creatorId, payoutTransfers.creatorId))
    .where(eq(payoutTransfers.id, transferId));
  if (!row || row.transfer.status !== 'queued') return;
  const { transfer, settings } = row;
  if (!settings?.accountNumberSealed) throw new Error('no payout account on file');
  const creatorId = transfer.creatorId;
  const result = await deps.provider.send({
    reference: transfer.ledgerRef,
    creatorId,
    amountCents: transfer.amountCents,
    currency: transfer.currency,
    destination: {
      paymentMethod: settings.paymentMethod,
      bankName: settings.bankName,
      accountNumber: deps.cipher.open(settings.accountNumberSealed, creatorId, 'accountNumber'),
      routingNumber: settings.routingNumberSealed
        ? deps.cipher.open(settings.routingNumberSealed, creatorId, 'routingNumber')
        : null,
      currency: settings.currency,
    },
  });
  await deps.db
    .update(payoutTransfers)
    .set({ status: 'sent', providerRef: result.providerRef, updatedAt: deps.clock.now() })
    .where(and(eq(payoutTransfers.id, transferId), eq(payoutTransfers.status, 'queued')));
}

/** The provider refused for good: the payout is marked failed and credited back, once. */
export async function failTransfer(
  deps: Pick<TransferDeps, 'db' | 'clock'>,
  transferId: number,
  attempts: number,
  error: string,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [failed] = await tx
      .update(payoutTransfers)
      .set({ status: 'failed', lastError: error.slice(0, 500), updatedAt: now })
      .where(and(eq(payoutTransfers.id, transferId), eq(payoutTransfers.status, 'queued')))
      .returning();
    if (!failed) return;
    await reversePayout(tx, failed.ledgerRef, now);
    await recordEvent(
      tx,
      null,
      {
        type: 'payout.transfer_failed',
        subjectId: failed.creatorId,
        data: {
          runId: failed.runId,
          creatorId: failed.creatorId,
          amountCents: failed.amountCents,
          currency: failed.currency,
          attempts,
        },
      },
      systemMeta(now),
      { audience: [failed.creatorId] },
    );
  });
}

/** Registers the payout transfer job (retried with backoff, then given up and reversed). */
export function definePayoutTransfers(jobs: JobRunner, deps: TransferDeps): void {
  jobs.define(
    PAYOUT_TRANSFER_JOB,
    async (payload) => sendTransfer(deps, Number(payload.transferId)),
    {
      maxAttempts: TRANSFER_ATTEMPTS,
      onGiveUp: (job, error) =>
        failTransfer(deps, Number(job.payload.transferId), job.attempts, error),
    },
  );
}
