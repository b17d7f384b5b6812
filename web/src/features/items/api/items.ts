import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  CommentList,
  CommentResponse,
  CreateItemResponse,
  ItemDetail,
  LikeResponse,
  VisitResponse,
  type CreateItemRequest,
} from '../../../../../common/schemas/items';
import { FEED_POST_COMMENTS } from '../../../../../common/schemas/feed';
import { dashboardKeys } from '../../dashboard/api/dashboard';
import { resyncServerRole } from '../../auth/api/session-role';
import { feedKeys, updateFeedPost } from '../../feed/api/feed';
import { intentKeys } from '../../../shared/api/intent-key';
import { request, retryUnlessNotFound } from '../../../shared/api/request';

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
 * SPEC §7 POST /api/v1/aura/create; publishing refreshes the feed and the dashboard. A retry of
 * the same form goes with the same Idempotency-Key, so an answer lost on the way does not make
 * the item twice.
 */
export function useCreateItem() {
  const queryClient = useQueryClient();
  const [keys] = useState(() => intentKeys());
  return useMutation({
    mutationFn: async (body: CreateItemRequest) => {
      // A first item makes a `user` a `creator`; the session stays valid (the server reads the
      // role from its database), and the refreshed profile carries the new role.
      const headers = { 'Idempotency-Key': keys.keyFor(body) };
      return CreateItemResponse.parse(
        await request('/api/v1/aura/create', { method: 'POST', body, headers }),
      );
    },
    onSuccess: (answer) => {
      keys.done();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: feedKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
        resyncServerRole(answer.item.creatorId),
      ]);
    },
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
      queryClient.setQueryData<ItemDetail>(itemKeys.detail(id), (item) =>
        item
          ? {
              ...item,
              comments: [...item.comments, answer.comment].slice(-FEED_POST_COMMENTS),
              commentsCount: answer.commentsCount,
            }
          : item,
      );
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
