// What other modules may use of blocks; the user_blocks table is written only here.
export { blocksRoutes } from './routes';
