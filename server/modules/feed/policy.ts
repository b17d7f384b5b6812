import { and, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import { listedItem } from '../items/index';

/**
 * What the feed and the spotlight list: available items not hidden by a moderator, of active
 * creators (items/policy.ts `isListed`, as SQL). Unavailable items stay on their creator's
 * dashboard; a suspended creator's items and hidden items leave the storefront. Values written
 * into the text, as in `listedItem`.
 */
export const listedInFeed = () => and(listedItem(), sql`${users.status} = 'active'`);

/** The item half of `listedInFeed`, for queries that join the creator later. */
export const listableItem = listedItem;
