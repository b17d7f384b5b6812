import { useEffect, useRef } from 'react';

/**
 * Calls `loadMore` when the returned sentinel element comes near the viewport. The observer is
 * re-armed after each load, so a short page keeps loading until the sentinel leaves the view.
 */
export function useInfiniteScroll(loadMore: () => void, canLoad: boolean) {
  const sentinel = useRef<HTMLDivElement | null>(null);
  const latest = useRef(loadMore);
  useEffect(() => {
    latest.current = loadMore;
  }, [loadMore]);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !canLoad) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      // Start loading a screen before the end so scrolling rarely waits.
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [canLoad]);

  return sentinel;
}
