import { useQuery } from '@tanstack/react-query';
import { FollowResponse } from '../../../../../common/schemas/follows';
import { PublicProfileResponse } from '../../../../../common/schemas/users';
import { request, retryUnlessNotFound } from '../../../shared/api/request';

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

/** SPEC §7 POST /api/creator/{username}/follow or /unfollow: the server's state after it. */
export async function setFollowing(username: string, shouldFollow: boolean) {
  return FollowResponse.parse(
    await request(
      `/api/creator/${encodeURIComponent(username)}/${shouldFollow ? 'follow' : 'unfollow'}`,
      { method: 'POST' },
    ),
  );
}
