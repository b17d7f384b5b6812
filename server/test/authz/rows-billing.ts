import type { MatrixRows } from './harness';

const SESSION = '00000000-0000-4000-8000-000000000000';
const CREATORS = ['creator', 'agency', 'studio', 'admin', 'superadmin'] as const;

/** Payments and the wallet: checkouts are the buyer's own; the local checkout page is public. */
export const billingRows: MatrixRows = {
  'GET /api/v1/billing/config': { who: 'anyone' },
  'POST /v1/billing/create-checkout-session': {
    who: 'signed-in',
    request: (fx) => ({ body: { tier: 'Item', price: '9.99', productId: fx.itemId } }),
  },
  'GET /v1/billing/retrieve-checkout-session/{sessionId}': {
    who: 'signed-in',
    request: () => ({ params: { sessionId: SESSION } }),
  },
  // Signed by the provider, not by a person: anyone may deliver one (the signature is checked).
  'POST /v1/billing/webhook': { who: 'anyone' },
  'GET /api/v1/billing/local-checkout/{sessionId}': {
    who: 'anyone',
    request: () => ({ params: { sessionId: SESSION } }),
  },
  'POST /api/v1/billing/local-checkout/{sessionId}/pay': {
    who: 'anyone',
    request: () => ({
      params: { sessionId: SESSION },
      body: {
        email: 'buyer@example.test',
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/40',
        cvc: '123',
      },
    }),
  },
  'POST /api/v1/billing/local-checkout/{sessionId}/cancel': {
    who: 'anyone',
    request: () => ({ params: { sessionId: SESSION } }),
  },
  'GET /api/v1/billing/subscriptions': { who: 'signed-in' },
  'POST /api/v1/billing/subscriptions/{id}/cancel': {
    who: 'signed-in',
    request: () => ({ params: { id: SESSION } }),
  },
  'POST /api/v1/billing/subscriptions/{id}/pause': {
    who: 'signed-in',
    request: () => ({ params: { id: SESSION }, body: { periods: 1 } }),
  },
  'POST /api/v1/billing/subscriptions/{id}/change': {
    who: 'signed-in',
    request: () => ({ params: { id: SESSION }, body: { tier: 'HyprSoul' } }),
  },
  'POST /api/v1/billing/subscriptions/{id}/resume': {
    who: 'signed-in',
    request: () => ({ params: { id: SESSION } }),
  },
  'GET /api/v1/billing/membership/{creatorId}': { who: 'anyone' },
  'GET /api/v1/billing/earnings': { who: 'signed-in' },
  'GET /api/v1/wallet': { who: 'signed-in' },
  // sales.read and sales.refund: the creator roles, on their own payments.
  'GET /api/v1/creator/transactions': { who: CREATORS },
  'POST /api/v1/creator/sales/{id}/refund': {
    who: CREATORS,
    request: (fx) => ({
      params: { id: '987654321' },
      headers: { 'idempotency-key': `mx-refund-${fx.target.id}` },
      body: {},
    }),
  },
  // Tips (issue 43): any signed-in fan tips (the owner is a creator); the public list is open;
  // a creator's own list is sales.read.
  'POST /api/v1/tips/balance': {
    who: 'signed-in',
    request: (fx) => ({
      body: { creatorId: fx.owner.id, amountCents: 100, idempotencyKey: `mx-tip-${fx.target.id}` },
    }),
  },
  'GET /api/v1/creators/{username}/tips': {
    who: 'anyone',
    request: (fx) => ({ params: { username: fx.owner.username } }),
  },
  'GET /api/v1/creator/tips': { who: CREATORS },
  // Gifts (issue 43): the list and actions are the giver's own (item.buy); the code's page is
  // open (the code is the secret); redeeming needs an account.
  'GET /api/v1/gifts': { who: 'signed-in' },
  'GET /api/v1/gifts/{code}': {
    who: 'anyone',
    request: () => ({ params: { code: 'AAAAAAAAAAAAAAAAAAAAAA' } }),
  },
  'POST /api/v1/gifts/{code}/redeem': {
    who: 'signed-in',
    request: () => ({ params: { code: 'AAAAAAAAAAAAAAAAAAAAAA' } }),
  },
  'POST /api/v1/gifts/{id}/resend': {
    who: 'signed-in',
    request: () => ({ params: { id: SESSION } }),
  },
  'POST /api/v1/gifts/{id}/refund': {
    who: 'signed-in',
    request: () => ({ params: { id: SESSION } }),
  },
  // membership.offer: the creator roles, on their own discount codes.
  'POST /api/v1/creator/discounts': {
    who: CREATORS,
    request: (fx) => ({
      body: { code: `MX${fx.target.id.slice(0, 8)}`, percentOff: 10 },
    }),
  },
  'GET /api/v1/creator/discounts': { who: CREATORS },
  'DELETE /api/v1/creator/discounts/{id}': {
    who: CREATORS,
    request: () => ({ params: { id: SESSION } }),
  },
  // Free trials (issue 43): membership.offer on the creator's own settings; the offer is public.
  'PUT /api/v1/creator/trials': {
    who: CREATORS,
    request: () => ({ body: { Hypr: 7, HyprSoul: 0 } }),
  },
  'GET /api/v1/creator/trials': { who: CREATORS },
  'GET /api/v1/creators/{username}/trials': {
    who: 'anyone',
    request: (fx) => ({ params: { username: fx.owner.username } }),
  },
  // Yearly plans (issue 43): membership.offer on the creator's own prices; the offer is public.
  'PUT /api/v1/creator/plans': {
    who: CREATORS,
    request: () => ({ body: { Hypr: 5000, HyprSoul: 15000 } }),
  },
  'GET /api/v1/creator/plans': { who: CREATORS },
  'GET /api/v1/creators/{username}/plans': {
    who: 'anyone',
    request: (fx) => ({ params: { username: fx.owner.username } }),
  },
  'POST /api/v1/wallet/unlock': {
    who: 'signed-in',
    request: (fx) => ({ body: { itemId: fx.itemId, idempotencyKey: `mx-${fx.target.id}` } }),
  },
};
