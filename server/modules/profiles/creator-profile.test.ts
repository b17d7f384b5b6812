import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicProfileResponse } from '../../../common/schemas/users';
import type { Clock } from '../../context';
import { auditEvents, creatorProfiles, items, users } from '../../db/schema/index';
import { createItem, createUser, grantMembership, type TestUser } from '../../test/factories';
import { createMediaTestApp, uploadOk, type MediaTestApp } from '../media/test-helpers';
import {
  auraCard,
  ownProfile,
  ownProfileOk,
  saveProfile,
  saveProfileOk,
  visitProfile,
  visitProfileOk,
} from './test-helpers';

let now = new Date('2030-06-01T10:00:00Z');
const clock: Clock = { now: () => now };
const DAY_MS = 86_400_000;

let t: MediaTestApp;
beforeAll(async () => {
  t = await createMediaTestApp({ clock });
});
afterAll(() => t.close());

const creator = (overrides: Parameters<typeof createUser>[1] = {}) =>
  createUser(t, { role: 'creator', ...overrides });

/** The refusal of a save: 400 with the message key and the field, and nothing stored. */
async function expectRefused(user: TestUser, body: unknown, error: string, field: string) {
  const before = await ownProfileOk(t, user);
  const res = await saveProfile(t, user, body);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ error, field });
  expect(await ownProfileOk(t, user)).toEqual(before);
}

describe('GET /api/v1/auth/profile', () => {
  it('needs a signed-in user', async () => {
    expect((await ownProfile(t, null)).statusCode).toBe(401);
    const res = await t.app.inject({
      url: '/api/v1/auth/profile',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers every SPEC §3 field, with defaults before the first save', async () => {
    const lastLoginAt = new Date('2030-05-30T08:00:00Z');
    const me = await creator({ bio: 'Loops', lastLoginAt });
    expect(await ownProfileOk(t, me)).toEqual({
      id: me.user.id,
      username: me.user.username,
      role: 'creator',
      name: me.user.username,
      displayName: null,
      bio: 'Loops',
      auraStatus: null,
      profileImage: null,
      bannerImage: null,
      profileSize: 160,
      links: {
        website: null,
        twitter: null,
        instagram: null,
        youtube: null,
        linkedin: null,
        tiktok: null,
        facebook: null,
      },
      promoVideo: null,
      visitorCount: 0,
      isSubscribed: false,
      subscribedTier: 'Aura',
      isFollowing: false,
      // SPEC §3: the last activity, and asking for one's own profile is activity.
      lastOnline: now.toISOString(),
      joinedAt: me.user.registeredAt.toISOString(),
      freePostsCount: 0,
      paidPostsCount: 0,
      premiumContentCount: 0,
      followersCount: 0,
      subscriptionPrice: '5.00',
      subscriptionPriceCents: 500,
      subscriptionCurrency: 'usd',
      galleryImages: [],
      auraCards: [],
      creatorWorldDescription: null,
      items: [],
      abilities: { canEdit: true, canFollow: false, canSubscribe: false, canMessage: false },
    });
  });

  it('offers no membership price for someone whose role sells none', async () => {
    const fan = await createUser(t);
    expect(await ownProfileOk(t, fan)).toMatchObject({
      subscriptionPrice: null,
      subscriptionPriceCents: null,
    });
  });
});

describe('PUT /api/v1/auth/profile', () => {
  it('stores every field and shows the same to the owner and to a stranger', async () => {
    const me = await creator();
    const [avatar, banner, cardImage, ...gallery] = await Promise.all(
      Array.from({ length: 6 }, () => uploadOk(t, me, 'image')),
    );
    const video = await uploadOk(t, me, 'video');
    const body = {
      displayName: 'Nova',
      bio: 'Beats and stories',
      auraStatus: 'Recording a new set',
      profileImage: avatar?.url,
      bannerImage: banner?.url,
      profileSize: 200,
      links: {
        website: 'https://nova.example',
        twitter: 'https://twitter.com/nova',
        instagram: 'https://instagram.com/nova',
        youtube: 'https://youtube.com/@nova',
        linkedin: 'https://linkedin.com/in/nova',
        tiktok: 'https://tiktok.com/@nova',
        facebook: 'http://facebook.com/nova',
      },
      promoVideo: video.url,
      galleryImages: gallery.map((g) => g.url),
      auraCards: [
        auraCard({ id: 'a1', title: 'Dawn', imageUrl: cardImage?.url, rarity: 'exclusive' }),
        auraCard({ id: 'a2', title: 'Dusk', description: '', rarity: 'premium' }),
      ],
      creatorWorldDescription: 'A world of loops',
    };
    const saved = await saveProfileOk(t, me, body);
    expect(saved).toMatchObject({
      name: 'Nova',
      displayName: 'Nova',
      bio: 'Beats and stories',
      auraStatus: 'Recording a new set',
      // The avatar is shown by its preview.
      profileImage: avatar?.previewUrl,
      bannerImage: banner?.url,
      profileSize: 200,
      links: body.links,
      promoVideo: video.url,
      galleryImages: gallery.map((g) => g.url),
      auraCards: [
        {
          id: 'a1',
          title: 'Dawn',
          description: 'The loop that started it all',
          imageUrl: cardImage?.url,
          rarity: 'exclusive',
        },
        { id: 'a2', title: 'Dusk', description: '', imageUrl: null, rarity: 'premium' },
      ],
      creatorWorldDescription: 'A world of loops',
    });
    expect(await ownProfileOk(t, me)).toEqual(saved);

    const stranger = await createUser(t);
    const seen = await visitProfileOk(t, me.user.username, stranger);
    const { abilities, visitorCount, ...shared } = saved;
    expect(seen).toMatchObject(shared);
    expect(seen.abilities).toEqual({
      canEdit: false,
      canFollow: true,
      canSubscribe: true,
      canMessage: true,
    });
    expect(abilities.canEdit).toBe(true);
    expect(seen.visitorCount).toBe(visitorCount + 1);

    // Saving back what was answered changes nothing (the avatar is its preview now).
    const again = await saveProfileOk(t, me, {
      ...body,
      profileImage: saved.profileImage,
      galleryImages: saved.galleryImages,
    });
    expect(again.profileImage).toBe(saved.profileImage);
    expect(again.galleryImages).toEqual(saved.galleryImages);
  });

  it('records what changed as events, and nothing for a save that changes nothing', async () => {
    const me = await creator();
    await saveProfileOk(t, me, { bio: 'Hi', auraStatus: 'On tour', links: { twitter: '' } });
    await saveProfileOk(t, me, { bio: 'Hi', auraStatus: 'On tour' });
    const events = await t.db
      .select({ action: auditEvents.action, data: auditEvents.data })
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, me.user.id));
    expect(events.filter((e) => e.action === 'profile.updated')).toEqual([
      { action: 'profile.updated', data: { fields: ['auraStatus'] } },
    ]);
    expect(events.filter((e) => e.action === 'account.updated')).toEqual([
      { action: 'account.updated', data: { fields: ['bio'] } },
    ]);
  });

  it('keeps fields left out and clears fields sent empty', async () => {
    const me = await creator();
    const banner = await uploadOk(t, me, 'image');
    await saveProfileOk(t, me, {
      bio: 'Keep me',
      auraStatus: 'Busy',
      bannerImage: banner.url,
      links: { twitter: 'https://twitter.com/me', youtube: 'https://youtube.com/@me' },
      promoVideo: 'dQw4w9WgXcQ',
    });
    const after = await saveProfileOk(t, me, {
      auraStatus: '',
      bannerImage: null,
      links: { twitter: '' },
      promoVideo: '',
    });
    expect(after).toMatchObject({
      bio: 'Keep me',
      auraStatus: null,
      bannerImage: null,
      promoVideo: null,
      links: { twitter: null, youtube: 'https://youtube.com/@me' },
    });
  });

  it('needs a signed-in user', async () => {
    const res = await saveProfile(t, null, { bio: 'x' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses bad JSON with 400', async () => {
    const me = await creator();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/profile',
      headers: { ...me.auth, 'content-type': 'application/json' },
      payload: '{"auraCards": [ {"id": "x", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
  });

  describe('SPEC §5 rules at their boundaries', () => {
    it('takes 10 gallery images and refuses 11', async () => {
      const me = await creator();
      const images = await Promise.all(Array.from({ length: 11 }, () => uploadOk(t, me, 'image')));
      const urls = images.map((i) => i.url);
      await expectRefused(me, { galleryImages: urls }, 'galleryLimit', 'galleryImages');
      const saved = await saveProfileOk(t, me, { galleryImages: urls.slice(0, 10) });
      expect(saved.galleryImages).toEqual(urls.slice(0, 10));
      // The database holds the same limit.
      await expect(
        t.db
          .update(creatorProfiles)
          .set({ galleryKeys: Array.from({ length: 11 }, (_, i) => `img-${i}`) })
          .where(eq(creatorProfiles.userId, me.user.id)),
      ).rejects.toThrow();
    });

    it.each([
      ['a relative URL', '/nova'],
      ['a javascript: URL', 'javascript:alert(1)'],
      ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
      ['another scheme', 'ftp://files.example/nova'],
      ['no scheme', 'twitter.com/nova'],
      ['a scheme without host', 'https://'],
    ])('refuses %s as a social link (invalidUrl)', async (_what, link) => {
      const me = await creator();
      await expectRefused(me, { links: { twitter: link } }, 'invalidUrl', 'links.twitter');
    });

    it('takes absolute http and https links, also for the website', async () => {
      const me = await creator();
      const saved = await saveProfileOk(t, me, {
        links: { website: 'http://me.example/', linkedin: 'https://linkedin.com/in/me' },
      });
      expect(saved.links).toMatchObject({
        website: 'http://me.example/',
        linkedin: 'https://linkedin.com/in/me',
      });
      await expectRefused(
        me,
        { links: { website: 'javascript:void 0' } },
        'invalidUrl',
        'links.website',
      );
    });

    it("refuses another user's upload as an image, wherever it is used", async () => {
      const me = await creator();
      const other = await creator();
      const theirs = await uploadOk(t, other, 'image');
      const myAudio = await uploadOk(t, me, 'audio');
      await expectRefused(me, { bannerImage: theirs.url }, 'notYourUpload', 'bannerImage');
      await expectRefused(me, { profileImage: theirs.url }, 'notYourUpload', 'profileImage');
      await expectRefused(me, { profileImage: theirs.previewUrl }, 'notYourUpload', 'profileImage');
      await expectRefused(
        me,
        { galleryImages: [(await uploadOk(t, me, 'image')).url, theirs.url] },
        'notYourUpload',
        'galleryImages.1',
      );
      await expectRefused(
        me,
        { auraCards: [auraCard({ imageUrl: theirs.url })] },
        'notYourUpload',
        'auraCards.0.imageUrl',
      );
      await expectRefused(me, { bannerImage: myAudio.url }, 'wrongMediaKind', 'bannerImage');
      await expectRefused(
        me,
        { bannerImage: 'https://elsewhere.example/cat.png' },
        'notUploadedHere',
        'bannerImage',
      );
    });

    it('checks the aura cards: fields, rarity, ids and count', async () => {
      const me = await creator();
      await expectRefused(
        me,
        { auraCards: [auraCard({ rarity: 'legendary' })] },
        'invalidRarity',
        'auraCards.0.rarity',
      );
      await expectRefused(
        me,
        { auraCards: [auraCard(), auraCard({ id: 'card-2', title: '  ' })] },
        'cardTitleRequired',
        'auraCards.1.title',
      );
      const { description: _left, ...withoutDescription } = auraCard();
      const res = await saveProfile(t, me, { auraCards: [withoutDescription] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'auraCards.0.description' });
      await expectRefused(
        me,
        { auraCards: [auraCard(), auraCard()] },
        'duplicateCardId',
        'auraCards.1.id',
      );
      await expectRefused(
        me,
        { auraCards: [auraCard({ id: 'has space' })] },
        'invalidCardId',
        'auraCards.0.id',
      );
      await expectRefused(
        me,
        { auraCards: Array.from({ length: 25 }, (_, i) => auraCard({ id: `c${i}` })) },
        'auraCardsLimit',
        'auraCards',
      );
      await expectRefused(
        me,
        { auraCards: 'not a list' },
        expect.any(String) as never,
        'auraCards',
      );
    });

    it('takes a video-sharing URL, an 11-character id or an own video upload as promo video', async () => {
      const me = await creator();
      const watch = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
      for (const value of [
        'dQw4w9WgXcQ',
        'https://youtu.be/dQw4w9WgXcQ',
        'https://www.youtube.com/embed/dQw4w9WgXcQ?start=5',
        'https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
      ]) {
        expect((await saveProfileOk(t, me, { promoVideo: value })).promoVideo).toBe(watch);
      }
      const video = await uploadOk(t, me, 'video');
      expect((await saveProfileOk(t, me, { promoVideo: video.url })).promoVideo).toBe(video.url);
    });

    it('refuses any other promo video', async () => {
      const me = await creator();
      const other = await creator();
      const theirs = await uploadOk(t, other, 'video');
      const myImage = await uploadOk(t, me, 'image');
      for (const value of [
        'dQw4w9WgXc',
        'https://www.youtube.com/watch?v=short',
        'https://youtu.be/',
        'javascript:alert(1)',
        'not a video',
      ]) {
        await expectRefused(me, { promoVideo: value }, 'invalidPromoVideo', 'promoVideo');
      }
      await expectRefused(me, { promoVideo: theirs.url }, 'notYourUpload', 'promoVideo');
      await expectRefused(me, { promoVideo: myImage.url }, 'wrongMediaKind', 'promoVideo');
      await expectRefused(
        me,
        { promoVideo: 'https://videos.example/promo.mp4' },
        'notUploadedHere',
        'promoVideo',
      );
    });

    it('bounds text lengths and the profile size', async () => {
      const me = await creator();
      await expectRefused(me, { bio: 'b'.repeat(1001) }, 'textTooLong', 'bio');
      await expectRefused(me, { displayName: 'd'.repeat(61) }, 'textTooLong', 'displayName');
      await expectRefused(me, { auraStatus: 's'.repeat(81) }, 'textTooLong', 'auraStatus');
      await expectRefused(
        me,
        { creatorWorldDescription: 'w'.repeat(2001) },
        'textTooLong',
        'creatorWorldDescription',
      );
      await expectRefused(
        me,
        { auraCards: [auraCard({ title: 't'.repeat(81) })] },
        'textTooLong',
        'auraCards.0.title',
      );
      for (const size of [79, 321, 160.5, '160']) {
        await expectRefused(me, { profileSize: size }, 'invalidProfileSize', 'profileSize');
      }
      const bounds = await saveProfileOk(t, me, { bio: 'b'.repeat(1000), profileSize: 320 });
      expect(bounds).toMatchObject({ profileSize: 320 });
      expect(bounds.bio).toHaveLength(1000);
    });
  });

  it('keeps a picture the person did not upload when it is sent back unchanged', async () => {
    const google = 'https://lh3.googleusercontent.com/a/photo.png';
    const me = await creator({ avatarUrl: google });
    const before = await ownProfileOk(t, me);
    expect(before.profileImage).toBe(google);
    expect((await saveProfileOk(t, me, { profileImage: google, bio: 'Hi' })).profileImage).toBe(
      google,
    );
    const [row] = await t.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row?.profileImage).toBeNull();
  });
});

describe('GET /api/v1/creators/{username}', () => {
  it('shows a stranger no private fields', async () => {
    const me = await creator({
      givenName: 'Priya',
      familyName: 'Private',
      birthDate: '1991-04-05',
      phoneNumber: '+49 30 1234567',
      passwordHash: 'argon2-hash-never-shown',
      googleSub: 'google-sub-never-shown',
    });
    const stranger = await createUser(t);
    for (const viewer of [null, stranger]) {
      const res = await visitProfile(t, me.user.username, viewer);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(me.user.email);
      expect(res.body).not.toContain('1991-04-05');
      expect(res.body).not.toContain('1234567');
      expect(res.body).not.toContain('never-shown');
      expect(Object.keys(res.json())).not.toEqual(
        expect.arrayContaining(['email', 'birthDate', 'phoneNumber']),
      );
      expect(res.json().name).toBe('Priya Private');
    }
  });

  it('finds a username in any letter case and answers 404 for anyone else', async () => {
    const me = await creator();
    expect((await visitProfile(t, me.user.username.toUpperCase())).statusCode).toBe(200);
    for (const name of ['nobody_here_at_all', 'bad name', "x'--", 'a'.repeat(31), 'x.y']) {
      const res = await visitProfile(t, name);
      expect(res.statusCode, name).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Creator not found', code: expect.any(String) });
    }
    const nul = await t.app.inject({ url: '/api/v1/creators/%00' });
    expect(nul.statusCode).toBe(400);
  });

  it('hides a suspended or deleted person from everyone but staff', async () => {
    const me = await creator();
    const admin = await createUser(t, { role: 'admin' });
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, me.user.id));
    expect((await visitProfile(t, me.user.username)).statusCode).toBe(404);
    expect((await visitProfile(t, me.user.username, await createUser(t))).statusCode).toBe(404);
    expect((await visitProfile(t, me.user.username, admin)).statusCode).toBe(200);
  });

  it('counts a visitor once per day, signed in or not, and never the owner', async () => {
    const me = await creator();
    const fan = await createUser(t);
    const other = await createUser(t);
    const count = async () => (await ownProfileOk(t, me)).visitorCount;

    expect((await visitProfileOk(t, me.user.username, fan)).visitorCount).toBe(1);
    expect((await visitProfileOk(t, me.user.username, fan)).visitorCount).toBe(1);
    // Another address does not make a signed-in viewer someone else.
    await visitProfileOk(t, me.user.username, fan, '203.0.113.99');
    expect(await count()).toBe(1);
    await visitProfileOk(t, me.user.username, other);
    expect(await count()).toBe(2);
    // Signed out: one visitor per address.
    await visitProfileOk(t, me.user.username, null, '192.0.2.1');
    await visitProfileOk(t, me.user.username, null, '192.0.2.1');
    expect(await count()).toBe(3);
    await visitProfileOk(t, me.user.username, null, '192.0.2.2');
    expect(await count()).toBe(4);
    // The owner's own visits do not count.
    expect((await visitProfileOk(t, me.user.username, me)).visitorCount).toBe(4);

    // The next day everyone counts again.
    now = new Date(now.getTime() + DAY_MS);
    try {
      expect((await visitProfileOk(t, me.user.username, fan)).visitorCount).toBe(5);
      expect((await visitProfileOk(t, me.user.username, null, '192.0.2.1')).visitorCount).toBe(6);
    } finally {
      now = new Date(now.getTime() - DAY_MS);
    }
  });

  it("counts free, paid and premium posts from the creator's listed items", async () => {
    const me = await creator();
    await createItem(t, me, { priceCents: 0, title: 'Free one' });
    await createItem(t, me, { priceCents: 0, title: 'Free two' });
    await createItem(t, me, { priceCents: 999, title: 'Paid' });
    await createItem(t, me, { priceCents: 500, tierRequired: 'Hypr', title: 'Paid Hypr' });
    await createItem(t, me, { priceCents: 0, tierRequired: 'HyprSoul', title: 'Soul' });
    const withdrawn = await createItem(t, me, { priceCents: 300, tierRequired: 'Hypr' });
    await t.db.update(items).set({ status: 'unavailable' }).where(eq(items.id, withdrawn.id));
    // A moderator's hidden item is not listed, so it counts nowhere either.
    const hidden = await createItem(t, me, { priceCents: 0, tierRequired: 'Hypr' });
    await t.db.update(items).set({ hidden: true }).where(eq(items.id, hidden.id));

    const seen = await visitProfileOk(t, me.user.username);
    expect(seen).toMatchObject({ freePostsCount: 2, paidPostsCount: 2, premiumContentCount: 2 });
    expect(seen.items.map((i) => i.title).sort()).toEqual(
      ['Free one', 'Free two', 'Paid', 'Paid Hypr', 'Soul'].sort(),
    );
    // A stranger sees the paid tiles locked, the free ones open.
    expect(
      seen.items
        .filter((i) => i.isUnlocked)
        .map((i) => i.title)
        .sort(),
    ).toEqual(['Free one', 'Free two']);
    expect(await ownProfileOk(t, me)).toMatchObject({
      freePostsCount: 2,
      paidPostsCount: 2,
      premiumContentCount: 2,
    });
  });

  it("answers the viewer's relation and what they may do", async () => {
    const me = await creator();
    const fan = await createUser(t);
    const follow = await t.app.inject({
      method: 'POST',
      url: `/api/creator/${me.user.username}/follow`,
      headers: fan.auth,
    });
    expect(follow.statusCode, follow.body).toBe(200);
    await grantMembership(t, fan, me, 'HyprSoul', new Date(now.getTime() + DAY_MS));

    expect(await visitProfileOk(t, me.user.username, fan)).toMatchObject({
      followersCount: 1,
      isFollowing: true,
      isSubscribed: true,
      subscribedTier: 'HyprSoul',
      abilities: { canEdit: false, canFollow: true, canSubscribe: true, canMessage: true },
    });
    expect(await visitProfileOk(t, me.user.username)).toMatchObject({
      followersCount: 1,
      isFollowing: false,
      isSubscribed: false,
      abilities: { canEdit: false, canFollow: false, canSubscribe: false, canMessage: false },
    });
    expect(await visitProfileOk(t, me.user.username, me)).toMatchObject({
      isFollowing: false,
      isSubscribed: false,
      abilities: { canEdit: true, canFollow: false, canSubscribe: false, canMessage: false },
    });
    // A fan who publishes nothing can be neither followed nor subscribed to; the creator they
    // follow may write to them (the messaging rule).
    expect((await visitProfileOk(t, fan.user.username, me)).abilities).toEqual({
      canEdit: false,
      canFollow: false,
      canSubscribe: false,
      canMessage: true,
    });
    const stranger = await createUser(t);
    expect((await visitProfileOk(t, stranger.user.username, me)).abilities.canMessage).toBe(false);
  });
});

describe('GET /api/v1/users/{id}: the stored social links', () => {
  it('shows the website, Instagram, Twitter and YouTube links the creator saved', async () => {
    const me = await creator();
    await saveProfileOk(t, me, {
      links: {
        website: 'https://me.example',
        instagram: 'https://instagram.com/me',
        twitter: 'https://twitter.com/me',
        youtube: 'https://youtube.com/@me',
        tiktok: 'https://tiktok.com/@me',
      },
    });
    const res = await t.app.inject({ url: `/api/v1/users/${me.user.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(PublicProfileResponse.parse(res.json()).socialLinks).toEqual({
      website: 'https://me.example',
      instagram: 'https://instagram.com/me',
      twitter: 'https://twitter.com/me',
      youtube: 'https://youtube.com/@me',
    });
    const [row] = await t.db
      .select({ links: creatorProfiles.links })
      .from(creatorProfiles)
      .where(and(eq(creatorProfiles.userId, me.user.id)));
    expect(row?.links).toEqual({
      instagram: 'https://instagram.com/me',
      twitter: 'https://twitter.com/me',
      youtube: 'https://youtube.com/@me',
      tiktok: 'https://tiktok.com/@me',
    });
  });
});
