import { z } from 'zod';

/*
 * New-post e-mails (issue 42): per person and creator, whether a newly published item is mailed
 * at once, gathered in a weekly mail, or not at all. Defaults: members `instant`, followers
 * `weekly` (docs/email.md).
 */

export const NEW_ITEMS_CHOICES = ['off', 'instant', 'weekly'] as const;
export type NewItemsChoice = (typeof NEW_ITEMS_CHOICES)[number];

/** One creator's choice; `isDefault` when the person never chose (the default applies). */
export const CreatorMailPreference = z.object({
  creatorId: z.string().uuid(),
  newItems: z.enum(NEW_ITEMS_CHOICES),
});
export type CreatorMailPreference = z.infer<typeof CreatorMailPreference>;

export const CreatorMailPreferenceView = CreatorMailPreference.extend({
  username: z.string(),
  displayName: z.string(),
  /** Why they hear from this creator: a membership, or following. */
  relation: z.enum(['member', 'follower']),
  isDefault: z.boolean(),
});
export type CreatorMailPreferenceView = z.infer<typeof CreatorMailPreferenceView>;

/** GET /api/v1/users/notification-preferences: every creator the person follows or belongs to. */
export const NotificationPreferences = z.object({
  creators: z.array(CreatorMailPreferenceView),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

/** How many creators one PUT may name. */
export const MAX_PREFERENCES_PER_REQUEST = 500;

/** PUT /api/v1/users/notification-preferences: the creators named change, the rest stay. */
export const NotificationPreferencesUpdate = z
  .object({
    creators: z
      .array(CreatorMailPreference.strict())
      .min(1)
      .max(MAX_PREFERENCES_PER_REQUEST)
      .refine((list) => new Set(list.map((c) => c.creatorId)).size === list.length, {
        message: 'creators: each creator once',
      }),
  })
  .strict();
export type NotificationPreferencesUpdate = z.infer<typeof NotificationPreferencesUpdate>;

export const UPDATE_SUBJECT_MAX = 150;
export const UPDATE_TEXT_MAX = 5000;
/** Updates one creator may send in 24 hours. */
export const UPDATES_PER_DAY = 3;

/** POST /api/v1/creator/updates: a short update mailed to the creator's members. */
export const CreatorUpdateRequest = z
  .object({
    subject: z.string().trim().min(1).max(UPDATE_SUBJECT_MAX),
    text: z.string().trim().min(1).max(UPDATE_TEXT_MAX),
  })
  .strict();
export type CreatorUpdateRequest = z.infer<typeof CreatorUpdateRequest>;

export const CreatorUpdateResponse = z.object({
  id: z.string(),
  /** Members it will be mailed to (those who did not switch this creator's mails off). */
  recipients: z.number(),
});
export type CreatorUpdateResponse = z.infer<typeof CreatorUpdateResponse>;

/** Sent and clicked counts of one item's new-post mails. */
export const ItemMailStats = z.object({
  /** Mails queued for the item, not yet all handed to the mail server. */
  queued: z.number(),
  sent: z.number(),
  /** Recipients who followed a link of the mail (counted once per person). */
  clicked: z.number(),
});
export type ItemMailStats = z.infer<typeof ItemMailStats>;

/** One recent newsletter as the admin outbox shows it. */
export const NewsletterSummary = ItemMailStats.extend({
  source: z.string(),
  itemId: z.number().nullable(),
  title: z.string(),
  creator: z.string(),
  queuedAt: z.string(),
});
export type NewsletterSummary = z.infer<typeof NewsletterSummary>;

/** How many newsletters the admin outbox lists, at most. */
export const NewsletterOutboxQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** GET /api/v1/admin/outbox/newsletters (outbox readers): the latest newsletters, newest first. */
export const NewsletterOutbox = z.object({ newsletters: z.array(NewsletterSummary) });
export type NewsletterOutbox = z.infer<typeof NewsletterOutbox>;
