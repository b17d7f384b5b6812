import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FollowResponse } from '../../../common/schemas/follows';
import { PublicProfileResponse } from '../../../common/schemas/users';
import { request, retryUnlessNotFound } from './request';

export const profileKeys = {
  all: ['profiles'] as const,
  byId: (id: string) => ['profiles', id] as const,
};

/** SPEC §7 GET /api/v1/users/{id}: a person's public profile as this viewer sees it. */
export function usePublicProfile(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: profileKeys.byId(id),
    queryFn: async () =>
      PublicProfileResponse.parse(await request(`/api/v1/users/${encodeURIComponent(id)}`)),
    retry: retryUnlessNotFound,
    enabled: options.enabled ?? true,
  });
}

/**
 * SPEC §7 POST /api/creator/{username}/follow or /unfollow. Unlike the SPEC, the answer is read:
 * the page shows the server's state and count, never a local flip of a call that failed.
 */
export function useFollow(profileId: string, username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (shouldFollow: boolean) =>
      FollowResponse.parse(
        await request(
          `/api/creator/${encodeURIComponent(username)}/${shouldFollow ? 'follow' : 'unfollow'}`,
          { method: 'POST' },
        ),
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData<PublicProfileResponse>(profileKeys.byId(profileId), (profile) =>
        profile
          ? { ...profile, isFollowing: answer.following, followers: answer.followersCount }
          : profile,
      );
    },
  });
}
