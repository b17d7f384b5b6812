import { itemForm } from '../../modules/items/test-helpers';
import type { MatrixRows } from './harness';

const matrixItem = itemForm('/api/v1/media/matrix.png', { title: 'Matrix loop' });

/** Items, media, the feed and the assistant. Only an item's owner edits it (`item.edit` own). */
export const contentRows: MatrixRows = {
  'POST /api/v1/media/upload-image': { who: 'signed-in' },
  'POST /api/v1/media/upload-audio': { who: 'signed-in' },
  'POST /api/v1/media/upload-video': { who: 'signed-in' },
  // Media are served by signed URL, not by session.
  'GET /api/v1/media/{key}': { who: 'anyone' },
  'GET /api/v1/aura/mine': { who: 'signed-in' },
  'GET /api/v1/aura/scheduled': { who: 'signed-in' },
  // Its owner and staff (`item.viewStats`).
  'GET /api/v1/creator/items/{id}/stats': {
    who: ['moderator', 'admin', 'superadmin'],
    owner: true,
  },
  'PATCH /api/v1/aura/{id}': { who: [], owner: true, request: () => ({ body: matrixItem }) },
  'DELETE /api/v1/aura/{id}': { who: [], owner: true },
  'POST /api/v1/aura/{id}/publish': { who: [], owner: true },
  'POST /api/v1/aura/{id}/unpublish': { who: [], owner: true },
  'POST /api/v1/aura/create': { who: 'signed-in', request: () => ({ body: matrixItem }) },
  'GET /api/v1/creator/items/{id}/mail-stats': { who: [], owner: true },
  'POST /api/v1/creator/updates': {
    who: ['creator', 'agency', 'studio', 'admin', 'superadmin'],
    request: () => ({ body: { subject: 'News', text: 'Hello members' } }),
  },
  'GET /api/v1/items/{id}': { who: 'anyone' },
  'POST /api/v1/items/{id}/like': { who: 'signed-in' },
  'DELETE /api/v1/items/{id}/like': { who: 'signed-in' },
  'GET /api/v1/items/{id}/comments': { who: 'anyone' },
  'POST /api/v1/items/{id}/comments': {
    who: 'signed-in',
    request: () => ({ body: { text: 'A comment' } }),
  },
  'POST /api/v1/items/{id}/visit': { who: 'anyone' },
  'GET /api/v1/feed': { who: 'anyone' },
  'GET /api/v1/creators/spotlight': { who: 'anyone' },
  'GET /api/v1/creators/{username}': { who: 'anyone' },
  'POST /api/v1/ai/chat': { who: 'anyone', request: () => ({ body: { message: 'Hello' } }) },
  'GET /api/v1/ai/models': { who: 'signed-in' },
  'GET /api/v1/ai/placeholder': { who: 'anyone', request: () => ({ query: { text: 'loop' } }) },
  // Feeds (issue 42): a public feed for anyone; a private feed's token is its own proof (an
  // unknown one answers 404 to everyone); the links are their person's own.
  'GET /api/v1/feeds/{username}.rss': {
    who: 'anyone',
    request: (fx) => ({ params: { username: fx.owner.username } }),
  },
  'GET /api/v1/feeds/{username}/{token}.rss': {
    who: 'anyone',
    request: (fx) => ({ params: { username: fx.owner.username, token: 'x' } }),
  },
  'GET /api/v1/feeds/{username}/{token}/media/{itemId}': {
    who: 'anyone',
    request: (fx) => ({ params: { username: fx.owner.username, token: 'x', itemId: fx.itemId } }),
  },
  'GET /api/v1/users/feeds': { who: 'signed-in' },
  'POST /api/v1/users/feeds/{creatorId}/rotate': {
    who: 'signed-in',
    request: (fx) => ({ params: { creatorId: fx.owner.id } }),
  },
};
