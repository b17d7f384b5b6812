// What other modules may use of creator profiles and account settings. The creator_profiles and
// profile_visits tables are written only here.
export { accountRoutes } from './account-routes';
export { profilesRoutes } from './routes';
export { creatorLinkPreview, publicCreatorProfile } from './service';
