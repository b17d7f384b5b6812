import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FeedLink, FeedLinksResponse } from '../../../../../common/schemas/feeds';
import { request } from '../../../shared/api/request';

/* Private member feeds (issue 42): the signed-in person's feed link per creator. */

export const feedKeys = { links: ['feeds', 'links'] as const };

export function useFeedLinks() {
  return useQuery({
    queryKey: feedKeys.links,
    queryFn: async () => FeedLinksResponse.parse(await request('/api/v1/users/feeds')),
  });
}

/** Makes or resets the link for a creator; the old one stops at once. */
export function useRotateFeedLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (creatorId: string) =>
      FeedLink.parse(
        await request(`/api/v1/users/feeds/${encodeURIComponent(creatorId)}/rotate`, {
          method: 'POST',
        }),
      ),
    onSuccess: (link) =>
      queryClient.setQueryData(feedKeys.links, (current: FeedLinksResponse | undefined) =>
        current
          ? {
              feeds: current.feeds.map((feed) => (feed.creatorId === link.creatorId ? link : feed)),
            }
          : current,
      ),
  });
}
