import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('scroll', listener, { passive: true });
  return () => window.removeEventListener('scroll', listener);
}

/** True while the page is scrolled more than `px` (SPEC §9: header 10px, back-to-top 300px). */
export function useScrolledPast(px: number): boolean {
  return useSyncExternalStore(subscribe, () => window.scrollY > px);
}
