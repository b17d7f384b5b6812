import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CURRENCIES, type Currency } from '../../../common/rules/money';
import { TIERS, type Tier } from '../../../common/rules/tiers';
import { ITEM_STATES, type ItemState } from '../../../common/schemas/items';
import { inList } from '../../db/checks';
import { users } from '../users/tables';

/** A creator's item ("aura", SPEC §3 upload form). The numeric id is the SPEC's productId. */
export const items = pgTable(
  'items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    priceCents: integer('price_cents').notNull(),
    /**
     * Pay what you want (issue 43): the creator's minimum (0 allowed) and suggested amount, both
     * or neither; `priceCents` is then the smallest payment (common/rules/pay-what-you-want.ts).
     */
    minPriceCents: integer('min_price_cents'),
    suggestedPriceCents: integer('suggested_price_cents'),
    currency: text('currency').$type<Currency>().notNull().default('eur'),
    /** Media are stored by key; URLs are made per viewer so locked media never leak. */
    imageKey: text('image_key'),
    imagePreviewKey: text('image_preview_key'),
    audioKey: text('audio_key'),
    videoKey: text('video_key'),
    /** `deleted` is a soft delete (issue 10): the row stays so its buyers keep their access. */
    status: text('status').$type<ItemState>().notNull().default('available'),
    /** Hidden by a moderator (issue 14): not listed anywhere, not sold; buyers keep access. */
    hidden: boolean('hidden').notNull().default(false),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    category: text('category').notNull(),
    subcategory: text('subcategory').notNull(),
    explicitContent: boolean('explicit_content').notNull().default(false),
    /** Members of this tier (or higher) of the creator see it without buying; Aura = no tier. */
    tierRequired: text('tier_required').$type<Tier>().notNull().default('Aura'),
    /** When a `scheduled` item goes on sale by itself (issue 42); null for every other status. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    /**
     * Until when only members of `tierRequired` (and buyers, owner, staff) open it (issue 42);
     * from then on everyone may, on its other terms (common/rules/early-access.ts).
     */
    earlyAccessUntil: timestamp('early_access_until', { withTimezone: true }),
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    visitorsCount: integer('visitors_count').notNull().default(0),
    salesCount: integer('sales_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The Idempotency-Key it was created under, if any, and a hash of that request's form: a
     * retry with the key answers this item instead of making a second one (creation-key.ts).
     */
    creationKey: text('creation_key'),
    creationHash: text('creation_hash'),
  },
  (t) => [
    check('items_price_nonnegative', sql`${t.priceCents} >= 0`),
    check(
      'items_pwyw_check',
      sql`(${t.minPriceCents} is null) = (${t.suggestedPriceCents} is null)
        and (${t.minPriceCents} is null or (${t.minPriceCents} >= 0
          and ${t.suggestedPriceCents} >= ${t.minPriceCents}
          and ${t.priceCents} >= ${t.minPriceCents}))`,
    ),
    check('items_status_check', inList(t.status, ITEM_STATES)),
    check('items_tier_required_check', inList(t.tierRequired, TIERS)),
    check('items_currency_check', inList(t.currency, CURRENCIES)),
    // Keyset pagination of the feed: newest first, id breaks ties.
    index('items_feed_idx').on(t.createdAt.desc(), t.id.desc()),
    index('items_creator_idx').on(t.creatorId, t.createdAt.desc()),
    // The publishing sweep reads the due scheduled items only.
    index('items_publish_at_idx')
      .on(t.publishAt)
      .where(sql`${t.status} = 'scheduled'`),
    check(
      'items_publish_at_check',
      sql`(${t.status} = 'scheduled') = (${t.publishAt} is not null)`,
    ),
    // Early access is for the members of a tier: an item without one has none.
    check(
      'items_early_access_check',
      sql`${t.earlyAccessUntil} is null or ${t.tierRequired} <> 'Aura'`,
    ),
    // One item per creator and key; only items created with a key are in it.
    uniqueIndex('items_creation_key_idx')
      .on(t.creatorId, t.creationKey)
      .where(sql`${t.creationKey} is not null`),
  ],
);

export type ItemRow = typeof items.$inferSelect;
