/*
 * Feed page sizes (issue 4), apart from the zod schemas so the landing page can read them
 * without loading zod (its JavaScript budget, e2e/landing-budget.spec.ts).
 */

/** Posts per page when a request names no size; the discover feed's pages. */
export const FEED_PAGE_DEFAULT = 20;
export const FEED_PAGE_MAX = 50;
/** Latest items the landing page shows. */
export const FEED_SHOWCASE_SIZE = 6;
