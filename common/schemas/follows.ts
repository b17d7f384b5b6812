import { z } from 'zod';

/*
 * Follows: SPEC §7 POST /api/creator/{username}/follow and /unfollow (bearer, no body). The SPEC
 * leaves the answer unread; Aura answers the state after the call so the page can show it.
 */

export const FollowResponse = z.object({
  /** Whether the signed-in user follows the creator after this call. */
  following: z.boolean(),
  /** The creator's followers after this call (active accounts only). */
  followersCount: z.number().int().nonnegative(),
});
export type FollowResponse = z.infer<typeof FollowResponse>;
