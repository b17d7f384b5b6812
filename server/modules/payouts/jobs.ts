import type { Container } from '../../container';
import { payoutCipherOf } from './cipher';
import { definePayoutTransfers } from './transfer-job';

/** Registers the job that sends booked payouts through the payout provider (app.ts). */
export function schedulePayoutTransfers(c: Container): void {
  definePayoutTransfers(c.jobs, {
    db: c.db,
    clock: c.clock,
    cipher: payoutCipherOf(c.config, c.keys),
    provider: c.payouts,
  });
}
