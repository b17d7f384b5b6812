import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { centsToDecimalString } from '../../common/rules/money';
import type { Role } from '../../common/rules/roles';
import type { PaidTier, Tier } from '../../common/rules/tiers';
import type { MediaKind } from '../../common/schemas/media';
import type { CreateItemRequest, ItemStatus } from '../../common/schemas/items';
import { mediaTempDir } from '../adapters/storage/index';
import {
  entitlements,
  items,
  subscriptions,
  users,
  type ItemRow,
  type UserRow,
} from '../db/schema/index';
import type { EventMeta } from '../events/record';
import { grantComplimentary, recordSale } from '../modules/billing/index';
import { setFollowing } from '../modules/follows/service';
import { setItemHidden } from '../modules/items/index';
import { createItem as createItemService, type ItemsDeps } from '../modules/items/service';
import { mediaPath, storeUpload, type MediaDeps } from '../modules/media/index';
import { createAccount, type NewAccount } from '../modules/users/index';
import { renderCover, toneWav } from '../seed/content-media';
import { uniqueName, type TestApp } from './app';

export interface TestUser {
  user: UserRow;
  token: string;
  /** `{ authorization: 'Bearer …' }` for app.inject. */
  auth: { authorization: string };
}

type UserOverrides = Partial<typeof users.$inferInsert> & { role?: Role };

/** The fields a sign-up itself sets (server/modules/users/account-writes.ts NewAccount). */
const SIGNUP_FIELDS = [
  'email',
  'passwordHash',
  'googleSub',
  'givenName',
  'familyName',
  'avatarUrl',
  'newsletter',
  'emailVerifiedAt',
] as const satisfies readonly (keyof NewAccount)[];

/**
 * A fresh user with a real signed token, created by the same service call a sign-up makes
 * (`createAccount`: the row, its `account.created` audit and outbox rows), without the HTTP
 * round trip, the password hashing or the verification mail (the auth module's tests cover
 * those). What an account reaches later (a role, a suspension, a display name) is set in the
 * same transaction, as state the account already has: going through the role and status
 * services would relay session events every test would then wait on.
 */
export async function createUser(t: TestApp, overrides: UserOverrides = {}): Promise<TestUser> {
  const username = overrides.username ?? uniqueName('user_');
  const account: NewAccount = {
    username,
    email: `${username.toLowerCase()}@example.test`,
    // Established accounts: their address is verified (issue 16) unless a test says otherwise.
    emailVerifiedAt: new Date(),
  };
  const later: Partial<typeof users.$inferInsert> = {};
  for (const [key, value] of Object.entries(overrides)) {
    if (key === 'username') continue;
    if ((SIGNUP_FIELDS as readonly string[]).includes(key)) {
      Object.assign(account, { [key]: value });
    } else {
      Object.assign(later, { [key]: value });
    }
  }
  const meta = { at: t.container.clock.now(), requestId: uniqueName('test-factory-') };
  const user = await t.db.transaction(async (tx) => {
    const created = await createAccount(tx, account, 'auth', meta);
    if (!created) throw new Error(`user ${username} exists already`);
    if (Object.keys(later).length === 0) return created;
    const [updated] = await tx.update(users).set(later).where(eq(users.id, created.id)).returning();
    return updated ?? created;
  });
  const token = await t.tokens.issue(user);
  return { user, token, auth: { authorization: `Bearer ${token}` } };
}

// ---------------------------------------------------------------------------------------------
// Items, follows, purchases and memberships: each through the service call the app makes, in
// one transaction, so the rows carry their events (audit, outbox) like real ones.

const testMeta = (t: TestApp, at?: Date): EventMeta => ({
  at: at ?? t.container.clock.now(),
  requestId: uniqueName('test-factory-'),
});

const viewerOf = (who: TestUser) => ({ id: who.user.id, role: who.user.role });

let coverPng: Promise<Buffer> | null = null;

/** Stores one upload of the owner's through the media service (a real file and row). */
async function storedUpload(t: TestApp, ownerId: string, kind: MediaKind, meta: EventMeta) {
  coverPng ??= renderCover({ width: 96, height: 64, colors: ['#3b82f6', '#9333ea'], title: 'x' });
  const bytes = kind === 'image' ? await coverPng : kind === 'audio' ? TINY_WAV : TINY_MP4;
  const deps: MediaDeps = {
    db: t.db,
    config: t.config,
    storage: t.container.storage,
    tempDir: mediaTempDir(t.config),
  };
  const row = await storeUpload(deps, ownerId, kind, Readable.from([bytes]), () => false, meta);
  return mediaPath(row.key);
}

const TINY_WAV = toneWav({ seconds: 0.05, frequency: 440, sampleRate: 8000 });
/** An MP4 header and filler: the server checks the container signature, not the video. */
const TINY_MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isommp41'),
  Buffer.alloc(64, 1),
]);

export interface ItemOverrides {
  title?: string;
  description?: string;
  /** Default 999 (9.99 in the item's currency). */
  priceCents?: number;
  tierRequired?: Tier;
  /** Pay what you want (issue 43): the minimum and suggested cents. */
  pwyw?: { minPriceCents: number; suggestedPriceCents: number };
  status?: ItemStatus;
  tags?: string[];
  category?: string;
  subcategory?: string;
  /** Which media besides the cover it has (default: a video, no audio). */
  media?: { audio?: boolean; video?: boolean };
  /** When it was created: the time of the create call (default: the app's clock now). */
  createdAt?: Date;
  /** Goes on sale by itself at this time (issue 42): scheduled until then. */
  publishAt?: Date;
  /** Members-first until this time (issue 42; needs `tierRequired`). */
  earlyAccessUntil?: Date;
  /** Hidden by this moderator (issue 14) right after it was made. */
  hiddenBy?: TestUser;
}

/**
 * An item made by the service call the create route makes (`createItem` of the items module:
 * the row, `item.created`, `item.published`, the promotion of a first-time publisher), from
 * uploads of the creator's own stored through the media service. A moderator's hiding follows
 * in the same transaction, through the items module's `setItemHidden`. Answers the stored row.
 */
export async function createItem(
  t: TestApp,
  creator: TestUser,
  overrides: ItemOverrides = {},
): Promise<ItemRow & { creatorStatus: 'active' }> {
  const meta = testMeta(t, overrides.createdAt);
  const media = overrides.media ?? { video: true };
  const image = await storedUpload(t, creator.user.id, 'image', meta);
  const audio = media.audio ? await storedUpload(t, creator.user.id, 'audio', meta) : '';
  const video = media.video ? await storedUpload(t, creator.user.id, 'video', meta) : '';
  const body: CreateItemRequest = {
    title: overrides.title ?? 'Night loop',
    description: overrides.description ?? 'A loop for late hours',
    price: centsToDecimalString(overrides.priceCents ?? 999),
    image,
    audio,
    video,
    status: overrides.status ?? 'available',
    tags: overrides.tags ?? [],
    category: overrides.category ?? 'Music',
    subcategory: overrides.subcategory ?? 'Loops',
    explicitContent: false,
    ...(overrides.tierRequired ? { tierRequired: overrides.tierRequired } : {}),
    ...(overrides.publishAt ? { publishAt: overrides.publishAt.toISOString() } : {}),
    ...(overrides.earlyAccessUntil
      ? { earlyAccessUntil: overrides.earlyAccessUntil.toISOString() }
      : {}),
    ...(overrides.pwyw
      ? {
          minPrice: centsToDecimalString(overrides.pwyw.minPriceCents),
          suggestedPrice: centsToDecimalString(overrides.pwyw.suggestedPriceCents),
        }
      : {}),
  };
  const item = await t.db.transaction(async (tx) => {
    const deps: ItemsDeps = { db: tx, clock: t.container.clock, urls: t.container.mediaUrls };
    const { id } = await createItemService(deps, viewerOf(creator), body, null, meta);
    if (overrides.hiddenBy) {
      const hidden = await setItemHidden(tx, id, true, overrides.hiddenBy.user, 'Test', meta);
      if (!hidden) throw new Error(`item ${id} was not hidden`);
    }
    const [row] = await tx.select().from(items).where(eq(items.id, id));
    if (!row) throw new Error(`item ${id} not stored`);
    return row;
  });
  // As the access rules see it: made for an active creator.
  return { ...item, creatorStatus: 'active' as const };
}

/** The fan follows the creator, by the service call of POST /api/creator/{username}/follow. */
export async function follow(t: TestApp, fan: TestUser, creator: TestUser): Promise<void> {
  await setFollowing(t.db, viewerOf(fan), creator.user.username, true, testMeta(t));
}

/**
 * The fan has bought the item (an id or a row), booked as billing books a card sale
 * (`recordSale`: the entitlement, the creator's earnings net of the platform fee, the item's
 * sales count and `sale.recorded`) at the item's price, without a checkout.
 */
export async function grantPurchase(
  t: TestApp,
  fan: TestUser,
  item: number | { id: number },
): Promise<void> {
  const meta = testMeta(t);
  const itemId = typeof item === 'number' ? item : item.id;
  await t.db.transaction(async (tx) => {
    const [row] = await tx.select().from(items).where(eq(items.id, itemId));
    if (!row) throw new Error(`item ${itemId} does not exist`);
    const sale = {
      buyerId: fan.user.id,
      item: row,
      grossCents: row.priceCents,
      currency: row.currency,
      feePercent: t.config.PLATFORM_FEE_PERCENT,
      via: 'card' as const,
      ref: uniqueName('test-sale-'),
    };
    if (!(await recordSale(tx, sale, meta))) {
      throw new Error(`item ${itemId} was not sold to ${fan.user.username}`);
    }
  });
}

/**
 * A running membership of the fan at the creator, given as a creator gives one
 * (`grantComplimentary`: the subscription, its access entitlement and
 * `membership.comp_granted`); `periodEnd` (default a month on) is where it ends, set on the
 * subscription and its access in the same transaction.
 */
export async function grantMembership(
  t: TestApp,
  fan: TestUser,
  creator: TestUser,
  tier: PaidTier,
  periodEnd?: Date,
): Promise<void> {
  const meta = testMeta(t);
  const grant = { fanId: fan.user.id, creatorId: creator.user.id, tier, months: 1 };
  await t.db.transaction(async (tx) => {
    const row = await grantComplimentary(tx, { ...grant, via: 'creator' }, creator.user, meta);
    if (!row) throw new Error(`${fan.user.username} is a member of ${creator.user.username}`);
    if (!periodEnd) return;
    await tx
      .update(subscriptions)
      .set({ currentPeriodEnd: periodEnd })
      .where(eq(subscriptions.id, row.id));
    await tx
      .update(entitlements)
      .set({ periodEnd })
      .where(eq(entitlements.sourceRef, `sub:${row.id}`));
  });
}
