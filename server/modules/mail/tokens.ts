import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { NoticeKind } from '../../../common/rules/locales';
import { NOTICE_KINDS } from '../../../common/rules/locales';
import type { Db } from '../../db/client';
import { mailTokens, type MailTokenPurpose, type MailTokenRow } from './tables';

/** How long each kind of link works (issue 16: a reset link for 30 minutes). */
export const TOKEN_TTL_MS: Record<MailTokenPurpose, number> = {
  'verify-email': 48 * 3600_000,
  'change-email': 24 * 3600_000,
  'reset-password': 30 * 60_000,
  // Someone may open a confirmation mail late, or only when the account it names surprises them.
  'not-me': 30 * 24 * 3600_000,
};

const b64url = (bytes: Buffer) => bytes.toString('base64url');

/** The token of a link: an HMAC of its row id, so only a holder of the key can make it. */
export const linkToken = (key: Buffer, tokenId: string): string =>
  b64url(createHmac('sha256', key).update(`mail-token:${tokenId}`).digest());

/** What the table keeps instead of the token. */
export const tokenHash = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/**
 * A new single-use token for `purpose`; the earlier unused ones of the same purpose end, so only
 * the newest link works, except "this was not me" links: each stays good for the address its mail
 * went to, so the account cannot void the link a newer request would leave the owner without.
 * Returns the row id (the mail job rebuilds the token from it).
 */
export async function issueMailToken(
  tx: Db,
  key: Buffer,
  input: { userId: string; purpose: MailTokenPurpose; email: string; at: Date },
): Promise<string> {
  if (input.purpose !== 'not-me') await voidMailTokens(tx, input.userId, [input.purpose], input.at);
  const id = crypto.randomUUID();
  await tx.insert(mailTokens).values({
    id,
    userId: input.userId,
    purpose: input.purpose,
    email: input.email,
    tokenHash: tokenHash(linkToken(key, id)),
    createdAt: input.at,
    expiresAt: new Date(input.at.getTime() + TOKEN_TTL_MS[input.purpose]),
  });
  return id;
}

/**
 * Ends every unused token of these purposes (a newer link, a password reset), or only those
 * bound to `email` when given.
 */
export async function voidMailTokens(
  tx: Db,
  userId: string,
  purposes: readonly MailTokenPurpose[],
  at: Date,
  email?: string,
): Promise<void> {
  for (const purpose of purposes) {
    await tx
      .update(mailTokens)
      .set({ usedAt: at })
      .where(
        and(
          eq(mailTokens.userId, userId),
          eq(mailTokens.purpose, purpose),
          isNull(mailTokens.usedAt),
          email === undefined ? undefined : sql`lower(${mailTokens.email}) = lower(${email})`,
        ),
      );
  }
}

/**
 * Uses a token once: the row is claimed with a guarded update, so two requests with one token
 * cannot both succeed. Null for unknown, tampered, used or expired tokens (one answer for all).
 */
export async function consumeMailToken(
  tx: Db,
  token: string,
  purposes: readonly MailTokenPurpose[],
  at: Date,
): Promise<MailTokenRow | null> {
  const [row] = await tx
    .update(mailTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(mailTokens.tokenHash, tokenHash(token)),
        isNull(mailTokens.usedAt),
        gt(mailTokens.expiresAt, at),
        sql`${mailTokens.purpose} in (${sql.join(
          purposes.map((p) => sql`${p}`),
          sql`, `,
        )})`,
      ),
    )
    .returning();
  return row ?? null;
}

/** How many tokens of `purpose` the account was sent since `since` (per-account rate limits). */
export async function tokensSince(
  db: Db,
  userId: string,
  purpose: MailTokenPurpose,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mailTokens)
    .where(
      and(
        eq(mailTokens.userId, userId),
        eq(mailTokens.purpose, purpose),
        gt(mailTokens.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/*
 * One-click unsubscribe tokens are signed, not stored: `<userId>.<kind>.<hmac>`. They never
 * expire (a mail may be opened months later) and switch off only that user's one notice kind.
 */

const unsubscribeMac = (key: Buffer, userId: string, kind: NoticeKind) =>
  createHmac('sha256', key).update(`unsubscribe:${userId}:${kind}`).digest();

export const unsubscribeToken = (key: Buffer, userId: string, kind: NoticeKind): string =>
  `${userId}.${kind}.${b64url(unsubscribeMac(key, userId, kind))}`;

/** The user and notice kind of a genuine unsubscribe token; null for anything else. */
export function readUnsubscribeToken(
  key: Buffer,
  token: string,
): { userId: string; kind: NoticeKind } | null {
  const [userId, kind, mac, ...rest] = token.split('.');
  if (!userId || !kind || !mac || rest.length > 0) return null;
  if (!(NOTICE_KINDS as readonly string[]).includes(kind)) return null;
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return null;
  const expected = unsubscribeMac(key, userId, kind as NoticeKind);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind: kind as NoticeKind };
}

/*
 * New-post mails (issue 42) carry their own signed links, never stored either: the one-click
 * unsubscribe `nl.<userId>.<creatorId>.<hmac>` switches off only that person's mails about that
 * creator, and a click link `?s=<send>&to=<path>&sig=<hmac>` counts a click on that mail and
 * leads only to the path it was made for (no open redirect).
 */

const newsletterMac = (key: Buffer, userId: string, creatorId: string) =>
  createHmac('sha256', key).update(`newsletter-unsubscribe:${userId}:${creatorId}`).digest();

export const newsletterUnsubscribeToken = (key: Buffer, userId: string, creatorId: string) =>
  `nl.${userId}.${creatorId}.${b64url(newsletterMac(key, userId, creatorId))}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The person and creator of a genuine new-post unsubscribe token; null for anything else. */
export function readNewsletterUnsubscribeToken(
  key: Buffer,
  token: string,
): { userId: string; creatorId: string } | null {
  const [prefix, userId, creatorId, mac, ...rest] = token.split('.');
  if (prefix !== 'nl' || !userId || !creatorId || !mac || rest.length > 0) return null;
  if (!UUID.test(userId) || !UUID.test(creatorId)) return null;
  const expected = newsletterMac(key, userId, creatorId);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, creatorId };
}

const clickMac = (key: Buffer, sendId: string, path: string) =>
  b64url(createHmac('sha256', key).update(`newsletter-click:${sendId}:${path}`).digest()).slice(
    0,
    22,
  );

/** The query of a click link: which mail, where it leads, and the proof we made it. */
export const clickQuery = (key: Buffer, sendId: number, path: string): string =>
  `s=${sendId}&to=${encodeURIComponent(path)}&sig=${clickMac(key, String(sendId), path)}`;

/** Whether a click link is one we made: a send id, a path of ours, and its signature. */
export function isGenuineClick(key: Buffer, sendId: string, path: string, sig: string): boolean {
  if (!/^\d{1,18}$/.test(sendId) || !path.startsWith('/') || path.startsWith('//')) return false;
  const expected = Buffer.from(clickMac(key, sendId, path));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
