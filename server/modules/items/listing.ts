import { and, eq } from 'drizzle-orm';
import { items } from './tables';

/**
 * The item half of "listed" (`isListed` in common/rules/purchase.ts) as SQL: available and not
 * hidden by a moderator. Feed, spotlight and profiles add their creator's status to it.
 */
export const listedItem = () => and(eq(items.status, 'available'), eq(items.hidden, false));
