import {
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { FEED_PAGE_DEFAULT } from '../../../../../common/rules/feed';
import { FeedPage, SpotlightResponse, type FeedPost } from '../../../../../common/schemas/feed';
import { request } from '../../../shared/api/request';

export const feedKeys = {
  all: ['feed'] as const,
  posts: ['feed', 'posts'] as const,
  spotlight: ['feed', 'spotlight'] as const,
};

export async function fetchFeedPage(cursor: string | null): Promise<FeedPage> {
  const query = new URLSearchParams({ limit: String(FEED_PAGE_DEFAULT) });
  if (cursor) query.set('cursor', cursor);
  return FeedPage.parse(await request(`/api/v1/feed?${query.toString()}`));
}

/** The discover feed, page after page over the server's keyset cursor. */
export function useFeed() {
  return useInfiniteQuery({
    queryKey: feedKeys.posts,
    queryFn: ({ pageParam }) => fetchFeedPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** SPEC §2/§9: six creators for the spotlight slider, chosen by the server from real data. */
export function useSpotlight() {
  return useQuery({
    queryKey: feedKeys.spotlight,
    queryFn: async () => SpotlightResponse.parse(await request('/api/v1/creators/spotlight')),
  });
}

/** Applies a change to one post wherever the cached feed pages hold it. */
export function updateFeedPost(
  queryClient: QueryClient,
  id: number,
  change: (post: FeedPost) => FeedPost,
): void {
  queryClient.setQueryData<InfiniteData<FeedPage, string | null>>(feedKeys.posts, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            posts: page.posts.map((post) => (post.id === id ? change(post) : post)),
          })),
        }
      : data,
  );
}
