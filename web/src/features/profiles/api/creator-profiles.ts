import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CreatorProfileResponse,
  type UpdateCreatorProfileRequest,
} from '../../../../../common/schemas/creator-profile';
import type { PublicProfileResponse } from '../../../../../common/schemas/users';
import { dashboardKeys } from '../../dashboard/api/dashboard';
import { profileKeys, setFollowing } from './profiles';
import { request, retryUnlessNotFound } from '../../../shared/api/request';

/*
 * Creator profiles (issue 12): the signed-in creator's own (GET/PUT /api/v1/auth/profile) and
 * anyone's by username (GET /api/v1/creators/{username}, which counts the visit).
 */

export const creatorProfileKeys = {
  all: ['creator-profiles'] as const,
  own: ['creator-profiles', 'own'] as const,
  // Usernames are unique in any letter case: one cache entry per person.
  byUsername: (username: string) =>
    ['creator-profiles', 'by-username', username.toLowerCase()] as const,
};

/** SPEC §7 GET /api/v1/auth/profile: the signed-in user's creator profile. */
export function useOwnCreatorProfile() {
  return useQuery({
    queryKey: creatorProfileKeys.own,
    queryFn: async () => CreatorProfileResponse.parse(await request('/api/v1/auth/profile')),
    retry: retryUnlessNotFound,
  });
}

/** GET /api/v1/creators/{username}: a creator's profile as this viewer sees it. */
export function useCreatorProfile(username: string) {
  return useQuery({
    queryKey: creatorProfileKeys.byUsername(username),
    queryFn: async () =>
      CreatorProfileResponse.parse(
        await request(`/api/v1/creators/${encodeURIComponent(username)}`),
      ),
    retry: retryUnlessNotFound,
  });
}

/**
 * PUT /api/v1/auth/profile. The answer is the stored profile: it replaces the cached own and
 * public views; the name, bio and picture also show on the dashboard and /hypr pages.
 */
export function useSaveCreatorProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateCreatorProfileRequest) =>
      CreatorProfileResponse.parse(await request('/api/v1/auth/profile', { method: 'PUT', body })),
    onSuccess: (answer) => {
      queryClient.setQueryData(creatorProfileKeys.own, answer);
      queryClient.setQueryData(creatorProfileKeys.byUsername(answer.username), answer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.profile }),
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      ]);
    },
  });
}

/**
 * SPEC §7 follow or unfollow, from either profile page. Unlike the SPEC, the answer is read: both
 * cached views of the person (by id and by username) show the server's state and count, never a
 * local flip of a call that failed.
 */
export function useFollow(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shouldFollow: boolean) => setFollowing(username, shouldFollow),
    onSuccess: (answer) => {
      queryClient.setQueryData<CreatorProfileResponse>(
        creatorProfileKeys.byUsername(username),
        (profile) =>
          profile
            ? { ...profile, isFollowing: answer.following, followersCount: answer.followersCount }
            : profile,
      );
      queryClient.setQueriesData<PublicProfileResponse>({ queryKey: profileKeys.all }, (profile) =>
        profile && profile.username.toLowerCase() === username.toLowerCase()
          ? { ...profile, isFollowing: answer.following, followers: answer.followersCount }
          : profile,
      );
    },
  });
}
