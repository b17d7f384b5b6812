import { createHash } from 'node:crypto';
import type { PayoutProvider } from './provider';

/**
 * The built-in payout provider: nothing leaves the server. The transfer row and its ledger
 * entry are the record; the operator pays by hand from the CSV export of the run. The id is
 * derived from the reference, so a retried send answers the same id.
 */
export function createLocalPayoutProvider(): PayoutProvider {
  return {
    name: 'local',
    async send(transfer) {
      const digest = createHash('sha256').update(transfer.reference).digest('hex').slice(0, 24);
      return { providerRef: `po_local_${digest}` };
    },
  };
}
