import { expect } from 'vitest';
import { CreatorProfileResponse } from '../../../common/schemas/creator-profile';
import type { TestApp } from '../../test/app';
import type { TestUser } from '../../test/factories';

/** Builders shared by the creator profile and account settings API tests. */

export const saveProfile = (t: TestApp, user: TestUser | null, body: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/auth/profile',
    headers: user?.auth ?? {},
    payload: body as Record<string, unknown>,
  });

export async function saveProfileOk(
  t: TestApp,
  user: TestUser,
  body: Record<string, unknown>,
): Promise<CreatorProfileResponse> {
  const res = await saveProfile(t, user, body);
  expect(res.statusCode, res.body).toBe(200);
  return CreatorProfileResponse.parse(res.json());
}

export const ownProfile = (t: TestApp, user: TestUser | null) =>
  t.app.inject({ method: 'GET', url: '/api/v1/auth/profile', headers: user?.auth ?? {} });

export async function ownProfileOk(t: TestApp, user: TestUser): Promise<CreatorProfileResponse> {
  const res = await ownProfile(t, user);
  expect(res.statusCode, res.body).toBe(200);
  return CreatorProfileResponse.parse(res.json());
}

/** GET /api/v1/creators/{username}, from an address of the caller's choosing. */
export const visitProfile = (
  t: TestApp,
  username: string,
  viewer: TestUser | null = null,
  address = '198.51.100.7',
) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/creators/${encodeURIComponent(username)}`,
    headers: viewer?.auth ?? {},
    remoteAddress: address,
  });

export async function visitProfileOk(
  t: TestApp,
  username: string,
  viewer: TestUser | null = null,
  address?: string,
): Promise<CreatorProfileResponse> {
  const res = await visitProfile(t, username, viewer, address);
  expect(res.statusCode, res.body).toBe(200);
  return CreatorProfileResponse.parse(res.json());
}

/** An aura card as the editor sends it. */
export const auraCard = (overrides: Record<string, unknown> = {}) => ({
  id: 'card-1',
  title: 'First light',
  description: 'The loop that started it all',
  imageUrl: null,
  rarity: 'free',
  ...overrides,
});
