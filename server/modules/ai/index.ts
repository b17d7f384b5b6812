/** The AI assistant and studio (issue 13). Other modules use nothing of it; the app mounts it. */
export { aiRoutes } from './routes';
