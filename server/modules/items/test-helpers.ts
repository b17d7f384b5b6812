import { expect } from 'vitest';
import type { CreateItemResponse } from '../../../common/schemas/items';
import type { TestApp } from '../../test/app';
import type { TestUser } from '../../test/factories';
import { uploadOk } from '../media/test-helpers';

/** The upload form as the web sends it, for a given image URL. */
export const itemForm = (image: string, overrides: Record<string, unknown> = {}) => ({
  title: 'Night loop',
  description: 'A loop for late hours',
  price: '9.99',
  image,
  audio: '',
  video: '',
  status: 'available',
  tags: ['lofi'],
  category: 'Music',
  subcategory: 'Loops',
  explicitContent: false,
  ...overrides,
});

export const createItemRequest = (t: TestApp, user: TestUser | null, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/aura/create',
    headers: user?.auth ?? {},
    payload: body as Record<string, unknown>,
  });

/**
 * Publishes an item through the real upload and create calls (image, audio and video), as a
 * creator would. The caller should be a creator already unless the test is about promotion.
 */
export async function publishItem(
  t: TestApp,
  user: TestUser,
  overrides: Record<string, unknown> = {},
  media: { audio?: boolean; video?: boolean } = { audio: true, video: true },
): Promise<CreateItemResponse> {
  const image = await uploadOk(t, user, 'image');
  const audio = media.audio ? (await uploadOk(t, user, 'audio')).url : '';
  const video = media.video ? (await uploadOk(t, user, 'video')).url : '';
  const res = await createItemRequest(t, user, itemForm(image.url, { audio, video, ...overrides }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Loads a media URL the API handed out, as the browser would (no bearer token). */
export const fetchMedia = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
