import { useDeferredValue } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useFeed } from '../api/feed';
import { FeedPostCard } from '../components/FeedPostCard';
import { SpotlightSection } from '../components/SpotlightSection';
import { useInfiniteScroll } from '../components/useInfiniteScroll';

/** SPEC §2 /discover: the creator spotlight, then the feed with infinite scroll. */
export default function DiscoverPage() {
  const { t } = useTranslation();
  const feed = useFeed();
  // Twenty cards are a long render on a phone: deferred, React renders them in slices that
  // leave the main thread free between them, instead of one long task as the answer arrives.
  const data = useDeferredValue(feed.data);
  const posts = data?.pages.flatMap((page) => page.posts) ?? [];
  const isLoading = data === undefined && !feed.isError;
  // Only once the cards on screen are the latest: the sentinel below them is mounted by then, so
  // the scroll observer is armed on it (it is armed when this turns true).
  const canLoadMore =
    data === feed.data && feed.hasNextPage && !feed.isFetchingNextPage && !feed.isError;
  const sentinel = useInfiniteScroll(() => void feed.fetchNextPage(), canLoadMore);

  return (
    <main className="container py-4">
      <h1 className="h3 mb-4">{t('discover.title')}</h1>
      <SpotlightSection />
      <section aria-labelledby="posts-heading">
        <h2 id="posts-heading" className="h5">
          {t('discover.posts')}
        </h2>
        {isLoading ? (
          <div className="text-center py-4">
            <Spinner animation="border" role="status" />
          </div>
        ) : (
          <>
            {posts.length === 0 && !feed.isError && (
              <p className="text-muted">{t('discover.empty')}</p>
            )}
            {/* A grid of cards: one column on phones, two on tablets, three on wide screens. */}
            <div className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3 mb-4">
              {posts.map((post) => (
                <div key={post.id} className="col">
                  <FeedPostCard post={post} />
                </div>
              ))}
            </div>
            {feed.isError && (
              <Alert variant="danger" className="d-flex align-items-center gap-3">
                <span>{t('discover.loadError')}</span>
                <Button size="sm" variant="outline-danger" onClick={() => void feed.refetch()}>
                  {t('discover.retry')}
                </Button>
              </Alert>
            )}
            <div ref={sentinel} aria-hidden="true" />
            {feed.isFetchingNextPage && (
              <p className="text-center text-muted" role="status">
                <Spinner animation="border" size="sm" /> {t('discover.loadingMore')}
              </p>
            )}
            {/* A button too, for keyboards and for screens too tall to scroll. */}
            {canLoadMore && (
              <div className="text-center">
                <Button variant="outline-secondary" onClick={() => void feed.fetchNextPage()}>
                  {t('discover.loadMore')}
                </Button>
              </div>
            )}
            {!feed.hasNextPage && posts.length > 0 && (
              <p className="text-center text-muted small">{t('discover.endOfFeed')}</p>
            )}
          </>
        )}
      </section>
    </main>
  );
}
