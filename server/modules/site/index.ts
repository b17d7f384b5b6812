// The operator's public details (imprint, support address); no tables.
export { siteRoutes } from './routes';
