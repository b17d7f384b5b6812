import { and, eq } from 'drizzle-orm';
import { items, users } from '../../db/schema/index';

/**
 * What the feed and the spotlight list: available items of active creators (items/policy.ts
 * `isListed`, as SQL). Unavailable items stay on their creator's dashboard; a suspended
 * creator's items leave the storefront.
 */
export const listedInFeed = () => and(eq(items.status, 'available'), eq(users.status, 'active'));
