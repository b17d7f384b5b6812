import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { fail } from '../../http/errors';
import { newsletterSends } from './tables';
import { isGenuineClick } from './tokens';

/*
 * Clicks on new-post mails' links (issue 42): every link goes through our redirect, so a mail
 * opened and followed counts once per recipient and item, without a tracking pixel. A link we
 * did not sign is refused (no open redirect); a genuine one leads to its own path only.
 */

export interface ClickQuery {
  s: string;
  to: string;
  sig: string;
}

/** Records the first click of a mail's link; resolves with where to send the reader. */
export async function followMailLink(
  db: Database,
  key: Buffer,
  publicUrl: string,
  query: ClickQuery,
  now: Date,
): Promise<string> {
  if (!isGenuineClick(key, query.s, query.to, query.sig)) throw fail('mail_link_invalid');
  await db
    .update(newsletterSends)
    .set({ clickedAt: now })
    .where(and(eq(newsletterSends.id, Number(query.s)), isNull(newsletterSends.clickedAt)));
  return `${publicUrl}${query.to}`;
}
