// What other modules may use of follows; the follows table is written only here.
export { followsSql } from './follow-reads';
export { followsRoutes } from './routes';
export { followerCount, isFollowing } from './service';
