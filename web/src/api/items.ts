import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CommentList,
  CommentResponse,
  CreateItemResponse,
  ItemDetail,
  LikeResponse,
  VisitResponse,
  type CreateItemRequest,
} from '../../../common/schemas/items';
import { decodeTokenPayload } from '../../../common/rules/token';
import { AuthUser } from '../../../common/schemas/auth';
import { FEED_POST_COMMENTS } from '../../../common/schemas/feed';
import { ProfileResponse } from '../../../common/schemas/users';
import { storeToken, USER_KEY } from '../app/token-storage';
import { dashboardKeys } from './dashboard';
import { feedKeys, updateFeedPost } from './feed';
import { request, retryUnlessNotFound } from './request';

export const itemKeys = {
  all: ['items'] as const,
  detail: (id: number) => ['items', id] as const,
  comments: (id: number) => ['items', id, 'comments'] as const,
};

/** GET /api/v1/items/{id}: the item as this viewer may see it (locked items carry no media). */
export function useItem(id: number | null) {
  return useQuery({
    queryKey: itemKeys.detail(id ?? 0),
    queryFn: async () => ItemDetail.parse(await request(`/api/v1/items/${id}`)),
    enabled: id !== null,
    retry: retryUnlessNotFound,
  });
}

/**
 * Publishing the first item makes a `user` a `creator` and answers a fresh token (the old one
 * names the old role and stops working). The stored session takes it over, keeping the stored
 * user with its new role, or reading the user from the profile when none is stored. It never
 * throws: the item is saved by then.
 */
async function adoptUpgradedToken(token: string): Promise<void> {
  const payload = decodeTokenPayload(token);
  if (!payload) return;
  let stored: unknown = null;
  try {
    stored = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null');
  } catch {
    // an unreadable stored user is replaced below
  }
  const known = AuthUser.safeParse(stored);
  if (known.success && known.data.id === payload.id) {
    storeToken(token, { ...known.data, role: payload.role });
    return;
  }
  try {
    const profile = ProfileResponse.parse(await request('/api/v1/users/profile', { token }));
    storeToken(token, {
      id: profile.id,
      username: profile.username,
      email: profile.email,
      role: payload.role,
      avatar: profile.avatarUrl,
    });
  } catch {
    // The item is saved either way: never report a failed save (a retry would publish it twice).
    // The token alone is what signs the user in; the stored user is informational.
    storeToken(token, {
      id: payload.id,
      username: '',
      email: '',
      role: payload.role,
      avatar: null,
    });
  }
}

/** SPEC §7 POST /api/v1/aura/create; publishing refreshes the feed and the dashboard. */
export function useCreateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateItemRequest) => {
      const answer = CreateItemResponse.parse(
        await request('/api/v1/aura/create', { method: 'POST', body }),
      );
      // Before anything refetches: a call with the old token would be refused.
      if (answer.token) await adoptUpgradedToken(answer.token);
      return answer;
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: feedKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  });
}

/** Like or unlike; the count shown afterwards is the server's, not a local +1. */
export function useToggleLike(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (like: boolean) =>
      LikeResponse.parse(
        await request(`/api/v1/items/${id}/like`, { method: like ? 'POST' : 'DELETE' }),
      ),
    onSuccess: (answer) => {
      updateFeedPost(queryClient, id, (post) => ({
        ...post,
        likes: answer.likes,
        likedByMe: answer.liked,
      }));
      queryClient.setQueryData<ItemDetail>(itemKeys.detail(id), (item) =>
        item ? { ...item, likes: answer.likes, likedByMe: answer.liked } : item,
      );
      return queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}

/** Counts a visit when a post body is opened; the server keeps one per viewer per day. */
export function useRecordVisit(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      VisitResponse.parse(await request(`/api/v1/items/${id}/visit`, { method: 'POST' })),
    onSuccess: (answer) => {
      updateFeedPost(queryClient, id, (post) => ({ ...post, visitors: answer.visitors }));
      queryClient.setQueryData<ItemDetail>(itemKeys.detail(id), (item) =>
        item ? { ...item, visitors: answer.visitors } : item,
      );
    },
  });
}

/** The whole comment list of an item, oldest first (the feed post carries only the latest). */
export function useComments(id: number, enabled = true) {
  return useQuery({
    queryKey: itemKeys.comments(id),
    queryFn: async () => CommentList.parse(await request(`/api/v1/items/${id}/comments`)),
    enabled,
  });
}

/** Adds a comment as the signed-in author; the post then shows the server's comment and count. */
export function useAddComment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (text: string) =>
      CommentResponse.parse(
        await request(`/api/v1/items/${id}/comments`, { method: 'POST', body: { text } }),
      ),
    onSuccess: (answer) => {
      updateFeedPost(queryClient, id, (post) => ({
        ...post,
        comments: [...post.comments, answer.comment].slice(-FEED_POST_COMMENTS),
        commentsCount: answer.commentsCount,
      }));
      // A fully loaded list grows by the new comment; a partly loaded one is fetched again.
      const list = queryClient.getQueryData<CommentList>(itemKeys.comments(id));
      if (list && list.nextCursor === null) {
        queryClient.setQueryData<CommentList>(itemKeys.comments(id), {
          ...list,
          comments: [...list.comments, answer.comment],
          total: answer.commentsCount,
        });
        return;
      }
      return queryClient.invalidateQueries({ queryKey: itemKeys.comments(id) });
    },
  });
}
