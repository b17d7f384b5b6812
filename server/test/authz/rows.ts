import type { MatrixRows } from './harness';
import { accountRows, authRows } from './rows-accounts';
import { adminRows, hubRows, opsRows } from './rows-staff';
import { billingRows } from './rows-billing';
import { contentRows } from './rows-content';
import { membersRows } from './rows-members';
import { socialRows } from './rows-social';

/** The whole table (issue 18): one part per area, each keyed `METHOD /path`. */
export const AUTHZ_MATRIX: MatrixRows = {
  ...authRows,
  ...accountRows,
  ...billingRows,
  ...membersRows,
  ...contentRows,
  ...socialRows,
  ...adminRows,
  ...hubRows,
  ...opsRows,
};
