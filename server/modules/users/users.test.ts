import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileResponse, PublicProfileResponse } from '../../../common/schemas/users';
import type { Clock } from '../../context';
import { users } from '../../db/schema/index';
import { NUL_TEXT_ERROR } from '../../http/nul-text';
import { createTestApp, type TestApp } from '../../test/app';
import { createItem, createUser, grantMembership, type TestUser } from '../../test/factories';
import { payLocal, startCheckout } from '../billing/test-helpers';
import { mediaPath, teaserKeyOf } from '../media/keys';

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
      newsletter: false,
      // Sharing the e-mail with creators (the members CSV) is off until the person turns it on.
      shareEmailWithCreators: false,
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
    const cleo = await createUser(t, {
      role: 'creator',
      givenName: 'Cleo',
      familyName: 'Creator',
      bio: 'Loops',
      website: 'https://cleo.example',
      birthDate: '1991-01-01',
      phoneNumber: '+1 555 0100',
      avatarUrl: '/media/cleo.png',
    });
    const { user } = cleo;
    const free = await createItem(t, cleo, { priceCents: 0, title: 'Free loop' });
    const paid = await createItem(t, cleo, { priceCents: 999, title: 'Paid loop' });
    const members = await createItem(t, cleo, {
      priceCents: 0,
      tierRequired: 'HyprSoul',
      title: 'Members loop',
    });
    await createItem(t, cleo, { title: 'Withdrawn', status: 'unavailable' });

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
      isFollowing: false,
      isSubscribed: false,
      subscribedTier: 'Aura',
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
      // Locked: the blurred teaser, never the preview.
      thumbnail: mediaPath(teaserKeyOf(paid.imagePreviewKey!)),
      isPaid: true,
      priceCents: 999,
      currency: 'eur',
      tierRequired: 'Aura',
      isUnlocked: false,
      earlyAccessUntil: null,
    });
    expect(body.content.find((c) => c.id === free.id)).toMatchObject({
      isPaid: false,
      isUnlocked: true,
      thumbnail: mediaPath(free.imagePreviewKey!),
    });
    expect(body.content.find((c) => c.id === members.id)).toMatchObject({
      isPaid: true,
      tierRequired: 'HyprSoul',
    });
    // Private fields and the full media of any item never appear.
    expect(res.body).not.toContain(user.email);
    expect(res.body).not.toContain('1991-01-01');
    expect(res.body).not.toContain('555 0100');
    for (const item of [free, paid, members]) {
      expect(res.body).not.toContain(item.imageKey);
      expect(res.body).not.toContain(item.videoKey);
    }
  });

  it('shows the highest membership tier the person holds now', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const tierUrl = `/api/v1/users/${fan.user.id}`;
    const grant = (tier: 'Hypr' | 'HyprSoul', periodEnd: Date, of = creator) =>
      grantMembership(t, fan, of, tier, periodEnd);
    expect((await get(tierUrl)).json().tier).toBe('Aura');
    await grant('HyprSoul', new Date(NOW.getTime() - 1000));
    await grant('Hypr', new Date(NOW.getTime() + 86_400_000));
    expect((await get(tierUrl)).json().tier).toBe('Hypr');
    // One membership per creator at a time: the higher one is held with another creator.
    const other = await createUser(t, { role: 'creator' });
    await grant('HyprSoul', new Date(NOW.getTime() + 86_400_000), other);
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
    expect(res.json()).toEqual({ error: 'User not found', code: 'user_not_found' });
  });

  it('answers a NUL in the id with 400', async () => {
    const res = await get('/api/v1/users/%00');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: NUL_TEXT_ERROR, code: 'nul_text' });
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

describe('GET /api/v1/users/{id}: the viewer and the creator', () => {
  const profileOf = async (id: string, viewer?: TestUser) => {
    const res = await get(`/api/v1/users/${id}`, viewer?.auth ?? {});
    expect(res.statusCode, res.body).toBe(200);
    return PublicProfileResponse.parse(res.json());
  };
  const follow = async (fan: TestUser, username: string, action = 'follow') => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/creator/${username}/${action}`,
      headers: fan.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('counts followers and tells the viewer whether they follow', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const other = await createUser(t);
    const stranger = await createUser(t);
    await follow(fan, creator.user.username);
    await follow(other, creator.user.username);

    expect(await profileOf(creator.user.id)).toMatchObject({ followers: 2, isFollowing: false });
    expect(await profileOf(creator.user.id, fan)).toMatchObject({
      followers: 2,
      isFollowing: true,
    });
    expect((await profileOf(creator.user.id, stranger)).isFollowing).toBe(false);
    expect((await profileOf(creator.user.id, creator)).isFollowing).toBe(false);

    await follow(fan, creator.user.username, 'unfollow');
    expect(await profileOf(creator.user.id, fan)).toMatchObject({
      followers: 1,
      isFollowing: false,
    });
    // A suspended follower no longer counts.
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, other.user.id));
    expect((await profileOf(creator.user.id)).followers).toBe(0);
  });

  it('answers what the viewer may do: follow a creator, message them, subscribe; not oneself', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const none = { canEdit: false, canFollow: false, canSubscribe: false, canMessage: false };
    expect((await profileOf(creator.user.id)).abilities).toEqual(none);
    expect((await profileOf(creator.user.id, creator)).abilities).toEqual({
      ...none,
      canEdit: true,
    });
    expect((await profileOf(creator.user.id, fan)).abilities).toEqual({
      canEdit: false,
      canFollow: true,
      canSubscribe: true,
      canMessage: true,
    });
    // A fan who publishes nothing: neither followed nor subscribed to, nor written to by a stranger.
    expect((await profileOf(fan.user.id, creator)).abilities).toEqual(none);
    // Once they follow the creator, the creator may write to them.
    await follow(fan, creator.user.username);
    expect((await profileOf(fan.user.id, creator)).abilities.canMessage).toBe(true);
    // A block stops messaging both ways.
    const block = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${creator.user.id}/block`,
      headers: fan.auth,
    });
    expect(block.statusCode, block.body).toBeLessThan(300);
    expect((await profileOf(creator.user.id, fan)).abilities.canMessage).toBe(false);
    expect((await profileOf(fan.user.id, creator)).abilities.canMessage).toBe(false);
  });

  it('shows the viewer membership and unlocks the tiles it covers, never with their media', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const hypr = await createItem(t, creator, { priceCents: 0, tierRequired: 'Hypr' });
    const soul = await createItem(t, creator, { priceCents: 0, tierRequired: 'HyprSoul' });
    const paid = await createItem(t, creator, { priceCents: 500 });
    const free = await createItem(t, creator, { priceCents: 0 });
    const unlockedIds = (profile: PublicProfileResponse) =>
      profile.content
        .filter((c) => c.isUnlocked)
        .map((c) => c.id)
        .sort();

    const before = await profileOf(creator.user.id, fan);
    expect(before).toMatchObject({ isSubscribed: false, subscribedTier: 'Aura' });
    expect(unlockedIds(before)).toEqual([free.id]);

    // A real Hypr membership through the local provider's checkout.
    const session = await startCheckout(t, fan, {
      tier: 'Hypr',
      price: '5.00',
      productId: creator.user.id,
    });
    expect((await payLocal(t, session.id)).statusCode).toBe(200);

    const res = await get(`/api/v1/users/${creator.user.id}`, fan.auth);
    const after = PublicProfileResponse.parse(res.json());
    expect(after).toMatchObject({ isSubscribed: true, subscribedTier: 'Hypr' });
    expect(unlockedIds(after)).toEqual([free.id, hypr.id].sort());
    expect(after.content.find((c) => c.id === soul.id)?.isUnlocked).toBe(false);
    expect(after.content.find((c) => c.id === paid.id)?.isUnlocked).toBe(false);
    // Tiles carry the preview when unlocked (signed: the item is not free), else the teaser;
    // never the full media.
    expect(after.content.find((c) => c.id === hypr.id)?.thumbnail).toMatch(
      new RegExp(`^${mediaPath(hypr.imagePreviewKey!)}\\?exp=\\d+&sig=`),
    );
    expect(after.content.find((c) => c.id === paid.id)?.thumbnail).toBe(
      mediaPath(teaserKeyOf(paid.imagePreviewKey!)),
    );
    for (const item of [hypr, soul, paid, free]) {
      expect(res.body).not.toContain(item.imageKey);
      expect(res.body).not.toContain(item.videoKey);
    }

    // Signed out nobody is subscribed; the owner sees every tile unlocked.
    expect(await profileOf(creator.user.id)).toMatchObject({
      isSubscribed: false,
      subscribedTier: 'Aura',
      isFollowing: false,
    });
    const own = await profileOf(creator.user.id, creator);
    expect(own).toMatchObject({ isSubscribed: false, subscribedTier: 'Aura' });
    expect(unlockedIds(own)).toEqual([hypr.id, soul.id, paid.id, free.id].sort());
  });

  it('ends the subscribed state with the paid period', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    await grantMembership(t, fan, creator, 'HyprSoul', new Date(NOW.getTime() - 1000));
    expect(await profileOf(creator.user.id, fan)).toMatchObject({
      isSubscribed: false,
      subscribedTier: 'Aura',
    });
  });
});
