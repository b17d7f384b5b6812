// The health check (no tables).
export { healthRoutes } from './routes';
