import { describe, expect, it } from 'vitest';
import { UpdateCreatorProfileRequest } from '../../../../../common/schemas/creator-profile';
import type { CreatorProfileResponse } from '../../../../../common/schemas/creator-profile';
import { emptyCard, newCardId, settingsFormOf } from './settings-form';

const stored: CreatorProfileResponse = {
  id: '7d1c1b7e-0000-4000-8000-000000000001',
  username: 'nova',
  role: 'creator',
  name: 'nova',
  displayName: null,
  bio: null,
  auraStatus: null,
  profileImage: 'https://lh3.googleusercontent.com/a/photo.png',
  bannerImage: null,
  profileSize: 160,
  links: {
    website: null,
    twitter: 'https://twitter.com/nova',
    instagram: null,
    youtube: null,
    linkedin: null,
    tiktok: null,
    facebook: null,
  },
  promoVideo: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  visitorCount: 3,
  isSubscribed: false,
  subscribedTier: 'Aura',
  isFollowing: false,
  lastOnline: null,
  joinedAt: '2030-01-01T00:00:00.000Z',
  freePostsCount: 0,
  paidPostsCount: 0,
  premiumContentCount: 0,
  followersCount: 0,
  subscriptionPrice: '5.00',
  subscriptionPriceCents: 500,
  subscriptionCurrency: 'usd',
  galleryImages: ['/api/v1/media/img-0123456789abcdef0123456789abcdef.png'],
  auraCards: [{ id: 'a1', title: 'Dawn', description: '', imageUrl: null, rarity: 'free' }],
  creatorWorldDescription: null,
  items: [],
  abilities: { canEdit: true, canFollow: false, canSubscribe: false, canMessage: false },
};

describe('the creator settings form', () => {
  it('starts from the stored profile with values the server schema accepts', () => {
    const form = settingsFormOf(stored);
    expect(form.links?.twitter).toBe('https://twitter.com/nova');
    expect(form.links?.website).toBe('');
    expect(form.auraCards?.[0]?.imageUrl).toBe('');
    expect(UpdateCreatorProfileRequest.safeParse(form).success).toBe(true);
  });

  it('makes card ids the server takes, and no two alike', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newCardId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
    // A new card is refused until it has a title: the editor cannot save half a card.
    const refused = UpdateCreatorProfileRequest.safeParse({ auraCards: [emptyCard()] });
    expect(refused.error?.issues[0]).toMatchObject({
      message: 'cardTitleRequired',
      path: ['auraCards', 0, 'title'],
    });
  });
});
