import { z } from 'zod';

/**
 * POST (block) and DELETE (unblock) /api/v1/users/{id}/block: whether the viewer blocks the
 * person after the call. A blocked person cannot message the blocker or find them in search.
 */
export const BlockResponse = z.object({ blocked: z.boolean() });
export type BlockResponse = z.infer<typeof BlockResponse>;
