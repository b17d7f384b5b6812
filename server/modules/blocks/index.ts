// What other modules may use of blocks; the user_blocks table is written only here.
export { blocksSql } from './block-reads';
export { blocksRoutes } from './routes';
