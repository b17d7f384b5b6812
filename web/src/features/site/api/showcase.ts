import { useEffect, useState } from 'react';
import type {
  FeedPage,
  FeedPost,
  SpotlightCreator,
  SpotlightResponse,
} from '../../../../../common/schemas/feed';
import { FEED_SHOWCASE_SIZE } from '../../../../../common/rules/feed';
import { request } from '../../../shared/api/request';

export interface Showcase {
  creators: SpotlightCreator[];
  posts: FeedPost[];
}

export type ShowcaseState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; showcase: Showcase };

async function fetchShowcase(signal: AbortSignal): Promise<Showcase> {
  const [spotlight, feed] = await Promise.all([
    request<SpotlightResponse>('/api/v1/creators/spotlight', { signal }),
    request<FeedPage>(`/api/v1/feed?limit=${FEED_SHOWCASE_SIZE}`, { signal }),
  ]);
  return { creators: spotlight.creators, posts: feed.posts };
}

/**
 * The real creators and latest items the landing page shows (issue 10), from the public
 * spotlight and feed calls. Deliberately not a TanStack query: the landing page is the one
 * screen that stays without the query client and zod, to keep its JavaScript budget
 * (e2e/landing-budget.spec.ts). The answers are read as typed, without zod parsing.
 */
export function useShowcase(): ShowcaseState {
  const [state, setState] = useState<ShowcaseState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetchShowcase(controller.signal).then(
      (showcase) => setState({ status: 'ready', showcase }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
