import type { MatrixRows } from './harness';

/** The roles that hold `members.manage`: every creator role. */
const CREATORS = ['creator', 'agency', 'studio', 'admin', 'superadmin'] as const;

/** A creator's members (issue 42): their own list, its CSV, complimentary grants, import. */
export const membersRows: MatrixRows = {
  'GET /api/v1/creator/members': { who: CREATORS },
  'GET /api/v1/creator/members.csv': { who: CREATORS },
  'POST /api/v1/creator/members/comp': {
    who: CREATORS,
    request: (fx) => ({ body: { userId: fx.target.id, tier: 'Hypr', months: 1 } }),
  },
  // Any creator may ask; one that did not make this import is answered 404.
  'GET /api/v1/creator/members/imports/{importId}': {
    who: CREATORS,
    request: () => ({ params: { importId: '00000000-0000-4000-8000-000000000042' } }),
  },
  // The body is read after the permission check: a creator's empty body is a 4xx of its own.
  'POST /api/v1/creator/members/import': {
    who: CREATORS,
    request: () => ({ query: { dryRun: 'true' } }),
  },
};
