// What other modules may use of the dashboard (it owns no tables: it reads other modules' figures).
export { dashboardRoutes } from './routes';
