import type { MatrixRows } from './harness';

/** docs/permissions.md: admin.* for admin, superadmin and (reading, warning, hiding, sales) moderator. */
const MODERATION = ['admin', 'superadmin', 'moderator'] as const;
const ADMINS = ['admin', 'superadmin'] as const;
/** hub.read: the Control Hub roles. */
const HUB = ['admin', 'agency', 'studio', 'superadmin'] as const;

export const adminRows: MatrixRows = {
  'GET /api/users': { who: MODERATION },
  'GET /api/content': { who: MODERATION },
  'POST /api/users/{id}/warn': { who: MODERATION },
  'POST /api/content/{id}/warn': { who: MODERATION },
  'POST /api/v1/admin/users/{id}/suspend': { who: ADMINS, request: () => ({ body: {} }) },
  'POST /api/v1/admin/users/{id}/reactivate': { who: ADMINS, request: () => ({ body: {} }) },
  'POST /api/v1/admin/content/{id}/hide': { who: MODERATION, request: () => ({ body: {} }) },
  'POST /api/v1/admin/content/{id}/unhide': { who: MODERATION, request: () => ({ body: {} }) },
  'GET /api/v1/admin/reports': { who: MODERATION },
  'GET /api/v1/admin/outbox': { who: ADMINS },
  'GET /api/v1/admin/outbox/newsletters': { who: ADMINS },
  'POST /api/v1/admin/reports/{id}/resolve': {
    who: MODERATION,
    request: () => ({ body: { action: 'dismiss' } }),
  },
  'GET /api/v1/admin/warnings': { who: MODERATION },
  'GET /api/v1/admin/sales': { who: MODERATION },
  'GET /api/v1/admin/transactions': { who: MODERATION },
  // admin.sales.refund; an id that is no payment answers 404 to those who may.
  'POST /api/v1/admin/sales/{id}/refund': {
    who: ADMINS,
    request: (fx) => ({
      params: { id: '987654321' },
      headers: { 'idempotency-key': `mx-refund-${fx.target.id}` },
      body: {},
    }),
  },
  'GET /api/v1/admin/audit': { who: ADMINS },
};

export const hubRows: MatrixRows = {
  'GET /api/v1/hub/dashboard': { who: HUB },
  'GET /api/v1/hub/creators': { who: HUB },
  'GET /api/v1/hub/users': { who: HUB },
  // hub.roles.write: admin and superadmin (superadmin alone for staff roles).
  'PATCH /api/v1/hub/users/{id}': { who: ADMINS, request: () => ({ body: { role: 'creator' } }) },
  'GET /api/v1/hub/payouts': { who: HUB },
  'PUT /api/v1/hub/payouts/{id}': {
    who: ADMINS,
    request: () => ({
      body: {
        paymentMethod: 'bank transfer',
        currency: 'usd',
        autoPayout: false,
        status: 'pending',
      },
    }),
  },
  'POST /api/v1/hub/payouts/run': {
    who: ADMINS,
    request: (fx) => ({ headers: { 'idempotency-key': `matrix-run-${fx.target.id}` } }),
  },
  'GET /api/v1/hub/payouts/runs': { who: HUB },
  // hub.read, like the list of runs (an id that is not a run's answers 404 to everyone).
  'GET /api/v1/hub/payouts/runs/{id}/export': {
    who: HUB,
    request: () => ({ params: { id: '00000000-0000-4000-8000-000000000000' } }),
  },
};

/** Operations of the operator's own tools: over loopback with a key from the root secret only. */
export const opsRows: MatrixRows = {
  'POST /api/v1/ops/backup': { who: [], refusedWith: 'backup_key_invalid' },
};
