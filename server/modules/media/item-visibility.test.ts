import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories';
import { fetchMedia, publishItem } from '../items/test-helpers';
import { createMediaTestApp, type MediaTestApp } from './test-helpers';

// The media of a free item follow the item's visibility: public while it is listed, its
// creator's and staff's only once it is unpublished, hidden, deleted or its creator suspended.
let t: MediaTestApp;
let moderator: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createMediaTestApp();
  moderator = await createUser(t, { role: 'moderator' });
  admin = await createUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const call = (
  who: TestUser | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) });

/** The item's media as its owner is handed them, and the same keys without a signature. */
async function mediaOf(owner: TestUser, itemId: number) {
  const res = await call(owner, 'GET', `/api/v1/items/${itemId}`);
  expect(res.statusCode, res.body).toBe(200);
  const detail = res.json() as { previewUrl: string; imageUrl: string; audioUrl: string };
  const handed = [detail.previewUrl, detail.imageUrl, detail.audioUrl];
  return { handed, unsigned: handed.map((url) => url.split('?')[0]!) };
}

const STATES = {
  unpublished: (owner: TestUser, id: number) => call(owner, 'POST', `/api/v1/aura/${id}/unpublish`),
  hidden: (_owner: TestUser, id: number) =>
    call(moderator, 'POST', `/api/v1/admin/content/${id}/hide`, { reason: 'Under review' }),
  deleted: (owner: TestUser, id: number) => call(owner, 'DELETE', `/api/v1/aura/${id}`),
  'of a suspended creator': (owner: TestUser) =>
    call(admin, 'POST', `/api/v1/admin/users/${owner.user.id}/suspend`, { reason: 'Spam' }),
};

describe('media of a free item', () => {
  it('are public while the item is listed', async () => {
    const owner = await createUser(t, { role: 'creator' });
    const { id } = await publishItem(t, owner, { price: '0' }, { audio: true });
    const { unsigned } = await mediaOf(owner, id);
    for (const url of unsigned) expect((await fetchMedia(t, url)).statusCode, url).toBe(200);
  });

  it.each(Object.keys(STATES) as (keyof typeof STATES)[])(
    'go to its creator and staff only once it is %s',
    async (state) => {
      const owner = await createUser(t, { role: 'creator' });
      const stranger = await createUser(t);
      const { id } = await publishItem(t, owner, { price: '0' }, { audio: true });
      const changed = await STATES[state](owner, id);
      expect(changed.statusCode, changed.body).toBeLessThan(300);

      // The preview's plain URL and the originals without a signature: nobody else.
      const canOwnerAsk = state !== 'of a suspended creator'; // a suspended token is void
      const { handed, unsigned } = await mediaOf(canOwnerAsk ? owner : moderator, id);
      for (const url of unsigned) {
        expect((await fetchMedia(t, url)).statusCode, url).toBe(403);
        expect((await fetchMedia(t, url, stranger.auth)).statusCode, url).toBe(403);
        expect((await fetchMedia(t, url, moderator.auth)).statusCode, url).toBe(200);
        if (canOwnerAsk) expect((await fetchMedia(t, url, owner.auth)).statusCode, url).toBe(200);
      }
      // What the owner and staff are handed is signed, and loads as an <img> tag would.
      for (const url of handed) {
        expect(url, url).toContain('sig=');
        expect((await fetchMedia(t, url)).statusCode, url).toBe(200);
      }
      expect((await call(stranger, 'GET', `/api/v1/items/${id}`)).statusCode).toBe(404);
    },
  );
});
