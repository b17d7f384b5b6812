import type { z } from 'zod';
import {
  AURA_CARD_RARITIES,
  type AuraCardRarity,
} from '../../../../../common/rules/creator-profile';
import type {
  CreatorProfileResponse,
  UpdateCreatorProfileRequest,
} from '../../../../../common/schemas/creator-profile';

/** What the settings form holds: the request's input, every text a string ('' = none). */
export type SettingsForm = z.input<typeof UpdateCreatorProfileRequest>;
export type SettingsValues = UpdateCreatorProfileRequest;

/** The form's values for a stored profile: everything the server answered, editable. */
export function settingsFormOf(profile: CreatorProfileResponse): SettingsForm {
  const link = (value: string | null) => value ?? '';
  return {
    displayName: profile.displayName ?? '',
    auraStatus: profile.auraStatus ?? '',
    bio: profile.bio ?? '',
    profileImage: profile.profileImage ?? '',
    bannerImage: profile.bannerImage ?? '',
    profileSize: profile.profileSize,
    links: {
      website: link(profile.links.website),
      twitter: link(profile.links.twitter),
      instagram: link(profile.links.instagram),
      youtube: link(profile.links.youtube),
      linkedin: link(profile.links.linkedin),
      tiktok: link(profile.links.tiktok),
      facebook: link(profile.links.facebook),
    },
    promoVideo: profile.promoVideo ?? '',
    galleryImages: profile.galleryImages,
    auraCards: profile.auraCards.map((card) => ({ ...card, imageUrl: card.imageUrl ?? '' })),
    creatorWorldDescription: profile.creatorWorldDescription ?? '',
  };
}

/** A card id no other card of the form has: random, in the characters the server takes. */
export function newCardId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `card-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export const emptyCard = (): NonNullable<SettingsForm['auraCards']>[number] => ({
  id: newCardId(),
  title: '',
  description: '',
  imageUrl: '',
  rarity: 'free',
});

export const RARITIES: readonly AuraCardRarity[] = AURA_CARD_RARITIES;
