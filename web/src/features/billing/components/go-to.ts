import type { NavigateFunction } from 'react-router';

/** Follows a URL the payment server gave: in-app paths through the router, others by the browser. */
export function goTo(navigate: NavigateFunction, url: string): void {
  if (url.startsWith('/')) void navigate(url);
  else window.location.assign(url);
}
