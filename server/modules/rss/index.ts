// RSS feeds of creators (issue 42): public, and private per person; the feed_links table is
// written only here.
export { publicFeedPath } from './links';
export { rssRoutes } from './routes';
