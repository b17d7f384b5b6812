// The health check (no tables).
export { healthRoutes } from './routes';
export { redisProbeOf } from './redis-probe';
