import { z } from 'zod';

/*
 * Private member feeds (issue 42): a person's RSS link per creator, for a podcast app or a feed
 * reader. The link's token is a secret of its person: answered only to them, never logged.
 */

/** The tier or relation that makes a creator appear among a person's feed links. */
export const FEED_LINK_BASES = ['member', 'follower'] as const;

/** One creator's private feed link, as the account settings list it. */
export const FeedLink = z.object({
  creatorId: z.string(),
  username: z.string(),
  displayName: z.string(),
  /** Member of the creator now (locked items they may open are in the feed), or follower. */
  basis: z.enum(FEED_LINK_BASES),
  /**
   * The working private feed URL, or null when none was made yet or the one made stopped (the
   * membership it was made under ended): "Reset link" makes a new one.
   */
  url: z.string().nullable(),
  /** The creator's public feed (free items only). */
  publicUrl: z.string(),
});
export type FeedLink = z.infer<typeof FeedLink>;

/** GET /api/v1/users/feeds: the creators the person follows or is a member of. */
export const FeedLinksResponse = z.object({ feeds: z.array(FeedLink) });
export type FeedLinksResponse = z.infer<typeof FeedLinksResponse>;

/** POST /api/v1/users/feeds/{creatorId}/rotate. */
export const RotateFeedLinkParams = z.object({ creatorId: z.uuid() });
export type RotateFeedLinkParams = z.infer<typeof RotateFeedLinkParams>;
