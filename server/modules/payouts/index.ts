// What other modules, the seed and the operations scripts may use of payouts. The
// payout_settings, payout_runs and payout_transfers tables are written only here.
export { createPayoutCipher, keyIdOf, payoutCipherOf, type PayoutCipher } from './cipher';
export { schedulePayoutTransfers } from './jobs';
export { rotatePayoutKey } from './rotation';
export { payoutsRoutes } from './routes';
