import type { FollowResponse } from '../../../common/schemas/follows';

/** The follow state after a follow or unfollow call. */
export const presentFollow = (following: boolean, followersCount: number): FollowResponse => ({
  following,
  followersCount,
});
