import { lazy, type ReactNode } from 'react';

/** Starts loading the query client (TanStack Query) now; Layout calls it early off the landing page. */
export const loadQueryProvider = () => import('./QueryProvider');

const QueryProvider = lazy(loadQueryProvider);

/**
 * Gives `children` the query client their server calls use. The client loads on first use,
 * not with the entry: the landing page calls nothing through it and stays within its
 * JavaScript budget (e2e/landing-budget.spec.ts). Suspends while loading, like a lazy page.
 */
export function WithQueries({ children }: { children: ReactNode }) {
  return <QueryProvider>{children}</QueryProvider>;
}
