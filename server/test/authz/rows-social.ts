import type { MatrixRows } from './harness';

/** Follows, blocks, reports and direct messages: every signed-in person, for themselves. */
export const socialRows: MatrixRows = {
  'POST /api/creator/{username}/follow': { who: 'signed-in' },
  'POST /api/creator/{username}/unfollow': { who: 'signed-in' },
  'POST /api/v1/reports': {
    who: 'signed-in',
    request: (fx) => ({
      body: { targetType: 'user', targetId: String(fx.target.id), reason: 'spam' },
    }),
  },
  'POST /api/v1/users/{id}/block': { who: 'signed-in' },
  'DELETE /api/v1/users/{id}/block': { who: 'signed-in' },
  'GET /api/v1/messages/users': { who: 'signed-in' },
  'GET /api/v1/messages/unread': { who: 'signed-in' },
  'POST /api/v1/messages/report': {
    who: 'signed-in',
    request: () => ({ body: { messageId: '1', reason: 'spam' } }),
  },
  'GET /api/v1/messages/{userId}': { who: 'signed-in' },
  'POST /api/v1/messages/{userId}': {
    who: 'signed-in',
    // Anyone may write to a creator (SPEC: who may message whom is the messages module's rule).
    request: (fx) => ({
      params: { userId: fx.owner.id },
      body: { text: 'Hello', clientId: `matrix-${fx.target.id}-client` },
    }),
  },
  'POST /api/v1/messages/{userId}/read': {
    who: 'signed-in',
    request: () => ({ body: { upTo: '1' } }),
  },
};
