import { sql } from 'drizzle-orm';
import {
  check,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  GALLERY_MAX_IMAGES,
  PROFILE_SIZE_DEFAULT,
  PROFILE_SIZE_MAX,
  PROFILE_SIZE_MIN,
  type AuraCardRarity,
  type CreatorLinkNetwork,
} from '../../../common/rules/creator-profile';
import { users } from '../users/tables';

/** The social links kept here; the website is the account's own (users.website). */
export type StoredLinks = Partial<Record<Exclude<CreatorLinkNetwork, 'website'>, string>>;

/** An aura card as stored: its picture by media key, so the URL is made when it is shown. */
export interface StoredAuraCard {
  id: string;
  title: string;
  description: string;
  imageKey: string | null;
  rarity: AuraCardRarity;
}

/**
 * A person's creator profile (issue 12, SPEC §3), one row per user, made on their first save or
 * first counted visit. Name, bio, picture and website are the account's own (users table);
 * this holds what only the creator profile has. Media are kept by key (uploads of the owner).
 */
export const creatorProfiles = pgTable(
  'creator_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    auraStatus: text('aura_status'),
    bannerImageKey: text('banner_image_key'),
    profileSize: integer('profile_size').notNull().default(PROFILE_SIZE_DEFAULT),
    links: jsonb('links').$type<StoredLinks>().notNull().default({}),
    /** The promo video: the owner's video upload, or the id of a video on the sharing service. */
    promoVideoKey: text('promo_video_key'),
    promoVideoId: text('promo_video_id'),
    galleryKeys: text('gallery_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    auraCards: jsonb('aura_cards').$type<StoredAuraCard[]>().notNull().default([]),
    creatorWorldDescription: text('creator_world_description'),
    /** Visits counted once per viewer and day (profile_visits); moves with each counted visit. */
    visitorCount: integer('visitor_count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'creator_profiles_profile_size_check',
      sql`${t.profileSize} between ${sql.raw(String(PROFILE_SIZE_MIN))} and ${sql.raw(String(PROFILE_SIZE_MAX))}`,
    ),
    check(
      'creator_profiles_gallery_limit',
      sql`cardinality(${t.galleryKeys}) <= ${sql.raw(String(GALLERY_MAX_IMAGES))}`,
    ),
    check(
      'creator_profiles_one_promo_video',
      sql`${t.promoVideoKey} is null or ${t.promoVideoId} is null`,
    ),
  ],
);

export type CreatorProfileRow = typeof creatorProfiles.$inferSelect;

/** One counted visit per viewer (user id or hashed address), profile and UTC day. */
export const profileVisits = pgTable(
  'profile_visits',
  {
    profileId: uuid('profile_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewerKey: text('viewer_key').notNull(),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.viewerKey, t.day] })],
);
