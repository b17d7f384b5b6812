import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileResponse, PublicProfileResponse } from '../../../common/schemas/users';
import type { Clock } from '../../context';
import { entitlements, items, users } from '../../db/schema/index';
import { createTestApp, uniqueName, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { itemMediaUrl } from '../billing/presenter';
import { createItem } from '../billing/test-helpers';

const NOW = new Date('2030-06-01T10:00:00Z');
const clock: Clock = { now: () => NOW };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /api/v1/users/profile', () => {
  it('answers the SPEC §3 profile of the signed-in user', async () => {
    const { user, auth } = await createUser(t, {
      givenName: 'Ada',
      familyName: 'Lovelace',
      birthDate: '1990-12-10',
      phoneNumber: '+44 20 7946 0000',
      bio: 'Analyst',
      location: 'London',
      website: 'https://ada.example',
      gender: 'female',
      displayName: 'Countess',
      profileImage: '/media/ada.png',
      role: 'creator',
    });
    const res = await get('/api/v1/users/profile', auth);
    expect(res.statusCode, res.body).toBe(200);
    const profile = ProfileResponse.parse(res.json());
    expect(profile).toEqual({
      id: user.id,
      username: user.username,
      avatar: '/media/ada.png',
      avatar_url: '/media/ada.png',
      given_name: 'Ada',
      family_name: 'Lovelace',
      email: user.email,
      role: 'creator',
      registeredAt: user.registeredAt.toISOString(),
      birthDate: '1990-12-10',
      phoneNumber: '+44 20 7946 0000',
      status: 'active',
      profileCompletion: 100,
      profile: {
        bio: 'Analyst',
        location: 'London',
        website: 'https://ada.example',
        roles: ['creator'],
        gender: 'female',
        display_name: 'Countess',
        profile_image: '/media/ada.png',
        created_at: user.registeredAt.toISOString(),
      },
      displayName: 'Countess',
      avatarUrl: '/media/ada.png',
    });
    expect(res.body).not.toMatch(/password|hash|google|tokenVersion|failedLogins/i);
  });

  it('counts the filled fields in profileCompletion', async () => {
    const { user, auth } = await createUser(t);
    const fresh = ProfileResponse.parse((await get('/api/v1/users/profile', auth)).json());
    expect(fresh.profileCompletion).toBe(0);
    expect(fresh.displayName).toBe(user.username);

    await t.db
      .update(users)
      .set({ givenName: 'Bo', familyName: 'Ek', bio: 'Hi', avatarUrl: '/a.png', gender: '  ' })
      .where(eq(users.id, user.id));
    const filled = ProfileResponse.parse((await get('/api/v1/users/profile', auth)).json());
    // 4 of the 10 fillable fields (white space does not count as filled).
    expect(filled.profileCompletion).toBe(40);
    expect(filled.displayName).toBe('Bo Ek');
    expect(filled.avatar).toBe('/a.png');
  });

  it('needs a live token', async () => {
    expect((await get('/api/v1/users/profile')).statusCode).toBe(401);
    const { user, auth } = await createUser(t);
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    expect((await get('/api/v1/users/profile', auth)).statusCode).toBe(401);
  });
});

describe('GET /api/v1/users/{id}', () => {
  it('answers public fields only, with the creator content as locked-safe tiles', async () => {
    const { user } = await createUser(t, {
      role: 'creator',
      givenName: 'Cleo',
      familyName: 'Creator',
      bio: 'Loops',
      website: 'https://cleo.example',
      birthDate: '1991-01-01',
      phoneNumber: '+1 555 0100',
      avatarUrl: '/media/cleo.png',
    });
    const free = await createItem(t, user.id, { priceCents: 0, title: 'Free loop' });
    const paid = await createItem(t, user.id, { priceCents: 999, title: 'Paid loop' });
    const members = await createItem(t, user.id, {
      priceCents: 0,
      tierRequired: 'HyprSoul',
      title: 'Members loop',
    });
    const hidden = await createItem(t, user.id, { title: 'Withdrawn' });
    await t.db.update(items).set({ status: 'unavailable' }).where(eq(items.id, hidden.id));

    const res = await get(`/api/v1/users/${user.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = PublicProfileResponse.parse(res.json());
    expect(body).toMatchObject({
      id: user.id,
      username: user.username,
      fullName: 'Cleo Creator',
      avatar: '/media/cleo.png',
      bio: 'Loops',
      role: 'creator',
      tier: 'Aura',
      followers: 0,
      socialLinks: {
        website: 'https://cleo.example',
        instagram: null,
        twitter: null,
        youtube: null,
      },
    });
    expect(body.content.map((c) => c.id).sort()).toEqual([free.id, paid.id, members.id].sort());
    expect(body.content.find((c) => c.id === paid.id)).toEqual({
      id: paid.id,
      title: 'Paid loop',
      thumbnail: itemMediaUrl('images/preview.png'),
      isPaid: true,
      tierRequired: 'Aura',
    });
    expect(body.content.find((c) => c.id === free.id)?.isPaid).toBe(false);
    expect(body.content.find((c) => c.id === members.id)).toMatchObject({
      isPaid: true,
      tierRequired: 'HyprSoul',
    });
    // Private fields and the full media of any item never appear.
    expect(res.body).not.toContain(user.email);
    expect(res.body).not.toContain('1991-01-01');
    expect(res.body).not.toContain('555 0100');
    expect(res.body).not.toContain('full.png');
    expect(res.body).not.toContain('full.mp4');
  });

  it('shows the highest membership tier the person holds now', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const tierUrl = `/api/v1/users/${fan.user.id}`;
    const grant = (tier: 'Hypr' | 'HyprSoul', periodEnd: Date) =>
      t.db.insert(entitlements).values({
        userId: fan.user.id,
        creatorId: creator.user.id,
        tier,
        source: 'subscription',
        sourceRef: uniqueName('test-grant-'),
        periodEnd,
      });
    expect((await get(tierUrl)).json().tier).toBe('Aura');
    await grant('HyprSoul', new Date(NOW.getTime() - 1000));
    await grant('Hypr', new Date(NOW.getTime() + 86_400_000));
    expect((await get(tierUrl)).json().tier).toBe('Hypr');
    await grant('HyprSoul', new Date(NOW.getTime() + 86_400_000));
    expect((await get(tierUrl)).json().tier).toBe('HyprSoul');
  });

  it.each([
    ['an unknown uuid', '00000000-0000-4000-8000-000000000000'],
    ['a number', '42'],
    ['text', 'not-a-user'],
    ['a quote', "x'--"],
    ['a long string', 'a'.repeat(90)],
  ])('answers 404 for %s', async (_what, id) => {
    const res = await get(`/api/v1/users/${encodeURIComponent(id)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'User not found' });
  });

  it('hides a suspended person from everyone but staff', async () => {
    const { user, auth } = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    const stranger = await createUser(t);
    const url = `/api/v1/users/${user.id}`;
    expect((await get(url)).statusCode).toBe(200);
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(url, stranger.auth)).statusCode).toBe(404);
    expect((await get(url, admin.auth)).statusCode).toBe(200);
    // The suspended person's own token no longer works, so they count as signed out here.
    expect((await get(url, auth)).statusCode).toBe(404);
  });

  it('falls back to the display name, then the username, for fullName', async () => {
    const named = await createUser(t, { displayName: 'Stage Name' });
    const bare = await createUser(t);
    expect((await get(`/api/v1/users/${named.user.id}`)).json().fullName).toBe('Stage Name');
    expect((await get(`/api/v1/users/${bare.user.id}`)).json().fullName).toBe(bare.user.username);
  });
});
