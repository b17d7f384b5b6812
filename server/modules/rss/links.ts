import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../common/rules/permissions';
import type { FeedLink, FeedLinksResponse } from '../../../common/schemas/feeds';
import { authorize } from '../../auth/authorize';
import type { Database, Db } from '../../db/client';
import { recordEvent, type EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { isFollowing } from '../follows/index';
import {
  accountById,
  connectedCreators,
  currentMembershipId,
  membershipRuns,
  type FeedAccount,
} from './connections.read-model';
import { feedLinks, type FeedLinkRow } from './tables';

/*
 * Private feed links (issue 42): one per person and creator. The token is an HMAC of the row id
 * and its generation, so only a holder of the `feed-links` key can make one and the settings can
 * show it again; the table keeps its SHA-256 hash to find the row, and the token is compared in
 * constant time. A reset moves the generation on; a suspended account (either side) or an ended
 * membership stops the link without touching the row.
 */

/** What a token looks like: 32 bytes of HMAC-SHA256 in base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const feedToken = (key: Buffer, linkId: string, generation: number): string =>
  createHmac('sha256', key).update(`feed-link:${linkId}:${generation}`).digest('base64url');

const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

export const publicFeedPath = (username: string) =>
  `/api/v1/feeds/${encodeURIComponent(username)}.rss`;

export const privateFeedPath = (username: string, token: string) =>
  `/api/v1/feeds/${encodeURIComponent(username)}/${token}.rss`;

/** A private feed's link to an item's audio or video: it works while the feed's token does. */
export const feedMediaPath = (username: string, token: string, itemId: number) =>
  `/api/v1/feeds/${encodeURIComponent(username)}/${token}/media/${itemId}`;

/** The person a working link reads for, and its creator. */
export interface OpenFeedLink {
  link: FeedLinkRow;
  person: FeedAccount;
  creator: FeedAccount;
}

/**
 * Whether the link still works for its person: a link made under a membership works while that
 * membership does; one made while following works while the person follows or is a member.
 */
async function isConnected(db: Db, link: FeedLinkRow, now: Date): Promise<boolean> {
  if (link.membershipId !== null) {
    return membershipRuns(db, link.membershipId, link.userId, link.creatorId, now);
  }
  return (
    (await isFollowing(db, link.userId, link.creatorId)) ||
    (await currentMembershipId(db, link.userId, link.creatorId, now)) !== null
  );
}

/**
 * The link behind a feed URL, or null (answered 404 with no data): an unknown, malformed or
 * reset token, a token for another creator's name, a suspended or deleted account on either
 * side, or a link that lost its membership or follow.
 */
export async function openFeedLink(
  db: Db,
  key: Buffer,
  username: string,
  token: string,
  now: Date,
): Promise<OpenFeedLink | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [link] = await db
    .select()
    .from(feedLinks)
    .where(eq(feedLinks.tokenHash, tokenHash(token)));
  if (!link) return null;
  const expected = Buffer.from(feedToken(key, link.id, link.generation));
  const given = Buffer.from(token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [person, creator] = await Promise.all([
    accountById(db, link.userId),
    accountById(db, link.creatorId),
  ]);
  if (person?.status !== 'active' || creator?.status !== 'active') return null;
  if (creator.username.toLowerCase() !== username.toLowerCase()) return null;
  if (!(await isConnected(db, link, now))) return null;
  return { link, person, creator };
}

function presentLink(
  publicUrl: string,
  creator: FeedAccount,
  isMember: boolean,
  token: string | null,
): FeedLink {
  return {
    creatorId: creator.id,
    username: creator.username,
    displayName: creator.displayName,
    basis: isMember ? 'member' : 'follower',
    url: token === null ? null : `${publicUrl}${privateFeedPath(creator.username, token)}`,
    publicUrl: `${publicUrl}${publicFeedPath(creator.username)}`,
  };
}

/** GET /api/v1/users/feeds: a link per creator the person follows or is a member of. */
export async function listFeedLinks(
  db: Database,
  key: Buffer,
  actor: Actor | null,
  publicUrl: string,
  now: Date,
): Promise<FeedLinksResponse> {
  authorize(actor, 'account.edit', { ownerId: actor?.id ?? '' });
  const creators = await connectedCreators(db, actor.id, now);
  const links = await db.select().from(feedLinks).where(eq(feedLinks.userId, actor.id));
  const byCreator = new Map(links.map((link) => [link.creatorId, link]));
  const feeds: FeedLink[] = [];
  for (const creator of creators) {
    const link = byCreator.get(creator.id);
    const works = link !== undefined && (await isConnected(db, link, now));
    const token = works ? feedToken(key, link.id, link.generation) : null;
    feeds.push(presentLink(publicUrl, creator, creator.isMember, token));
  }
  return { feeds };
}

/**
 * POST /api/v1/users/feeds/{creatorId}/rotate: makes the person's link for the creator, or
 * resets it (every earlier URL stops). Only for an active creator the person follows or is a
 * member of; a link made while a member belongs to that membership.
 */
export async function rotateFeedLink(
  db: Database,
  key: Buffer,
  actor: Actor | null,
  creatorId: string,
  publicUrl: string,
  meta: EventMeta,
): Promise<FeedLink> {
  authorize(actor, 'account.edit', { ownerId: actor?.id ?? '' });
  const creator = await accountById(db, creatorId);
  if (creator?.status !== 'active') throw fail('creator_not_found');
  const membershipId = await currentMembershipId(db, actor.id, creatorId, meta.at);
  if (membershipId === null && !(await isFollowing(db, actor.id, creatorId))) {
    throw fail('feed_link_unavailable');
  }
  return db.transaction(async (tx) => {
    const link = await writeNextGeneration(tx, key, actor.id, creatorId, membershipId, meta.at);
    await recordEvent(
      tx,
      actor,
      {
        type: 'feed.link_rotated',
        subjectId: actor.id,
        data: { creatorId, generation: link.generation },
      },
      meta,
      { audience: [actor.id] },
    );
    return presentLink(publicUrl, creator, membershipId !== null, link.token);
  });
}

const lockedLink = async (tx: Db, userId: string, creatorId: string) =>
  (
    await tx
      .select()
      .from(feedLinks)
      .where(and(eq(feedLinks.userId, userId), eq(feedLinks.creatorId, creatorId)))
      .for('update')
  )[0];

/**
 * The link's first generation, or its next one (the row locked, so two resets at once make two
 * generations, each with its own token).
 */
async function writeNextGeneration(
  tx: Db,
  key: Buffer,
  userId: string,
  creatorId: string,
  membershipId: number | null,
  at: Date,
): Promise<{ generation: number; token: string }> {
  let current = await lockedLink(tx, userId, creatorId);
  if (!current) {
    const id = crypto.randomUUID();
    const token = feedToken(key, id, 1);
    const [made] = await tx
      .insert(feedLinks)
      .values({
        id,
        userId,
        creatorId,
        generation: 1,
        tokenHash: tokenHash(token),
        membershipId,
        createdAt: at,
        rotatedAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: feedLinks.id });
    if (made) return { generation: 1, token };
    // Made by a request at the same moment: reset that one.
    current = await lockedLink(tx, userId, creatorId);
    if (!current) throw new Error('feed link vanished while being made');
  }
  const generation = current.generation + 1;
  const token = feedToken(key, current.id, generation);
  await tx
    .update(feedLinks)
    .set({ generation, tokenHash: tokenHash(token), membershipId, rotatedAt: at })
    .where(eq(feedLinks.id, current.id));
  return { generation, token };
}
