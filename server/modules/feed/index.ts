// What other modules may use of the feed (it owns no tables: it reads items and creators).
export { feedRoutes } from './routes';
