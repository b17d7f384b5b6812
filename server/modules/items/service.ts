import { sql } from 'drizzle-orm';
import { promotesToCreatorOnPublish } from '../../../common/rules/creator';
import type { Role } from '../../../common/rules/roles';
import { pwywListedPriceCents } from '../../../common/rules/pay-what-you-want';
import { parsePriceToCents } from '../../../common/schemas/billing';
import type { MediaKind } from '../../../common/schemas/media';
import {
  normalizeTags,
  UPLOAD_REQUIRED_FIELDS,
  type CreateItemRequest,
  type CreateItemResponse,
  type ItemDetail,
  pwywTermsOf,
} from '../../../common/schemas/items';
import { authorize } from '../../auth/authorize';
import type { Clock } from '../../context';
import type { Database, Db } from '../../db/client';
import { items, type ItemRow } from '../../db/schema/index';
import { recordEvent, type EventMeta } from '../../events/record';
import { fail, failWithKey } from '../../http/errors';
import { resolveOwnUploads, type MediaUrls, type UploadProblem } from '../media/index';
import { promoteToCreator } from '../users/index';
import {
  itemsWithCreators,
  viewItem,
  viewItemsById,
  type ItemWithCreator,
  type Viewer,
} from './cards.read-model';
import { creationKeyOf, itemCreatedUnder } from './creation-key';
import { isListed, mayOpenItemPage, maySeeUnlisted } from './policy';
import { presentItemDetail } from './presenter';
import { placementOf } from './scheduling';

export interface ItemsDeps {
  db: Database;
  clock: Clock;
  urls: MediaUrls;
}

/** Item ids in paths are positive integers; anything else is an item that does not exist. */
export function parseItemId(raw: string): number | null {
  if (!/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/** The item behind a path id, or 404 for a malformed or unknown one. */
async function findItem(db: Db, rawId: string): Promise<ItemWithCreator> {
  const id = parseItemId(rawId);
  const [found] = id === null ? [] : await itemsWithCreators(db, [id]);
  if (!found) throw fail('item_not_found');
  return found;
}

/**
 * The item as the viewer may engage with it (likes, comments, visits): unknown, malformed or
 * unlisted ones answer 404 alike, except to its creator and staff.
 */
export async function findVisibleItem(
  db: Db,
  viewer: Viewer,
  rawId: string,
): Promise<ItemWithCreator> {
  const found = await findItem(db, rawId);
  if (!isListed(found.item, found.creator) && !maySeeUnlisted(viewer, found.item.creatorId)) {
    throw fail('item_not_found');
  }
  return found;
}

/**
 * GET /api/v1/items/{id}. An unlisted item (unavailable, hidden by a moderator, or deleted) also
 * opens for the people who hold it, so a buyer keeps reaching what they paid for (issues 10, 14).
 */
export async function getItem(deps: ItemsDeps, viewer: Viewer, rawId: string): Promise<ItemDetail> {
  const id = parseItemId(rawId);
  const view = id === null ? null : await viewItem(deps.db, viewer, id, deps.clock.now());
  if (!view || !mayOpenItemPage(viewer, view)) throw fail('item_not_found');
  return presentItemDetail(view, deps.urls);
}

interface MediaChoice {
  field: 'image' | 'audio' | 'video';
  kind: MediaKind;
  url: string | undefined;
}

const UPLOAD_REFUSALS = {
  notUploadedHere: 'media_not_ours',
  notYourUpload: 'media_not_own_upload',
  wrongMediaKind: 'media_wrong_kind',
} as const satisfies Record<UploadProblem, string>;

/**
 * The stored keys behind the URLs of the form: each must be an upload of the caller's own and
 * of the right kind, so nobody publishes someone else's file (or an audio file as the cover).
 */
export async function resolveMedia(db: Db, ownerId: string, choices: MediaChoice[]) {
  const wanted = choices.flatMap((c) => {
    const url = c.url?.trim();
    return url ? [{ field: c.field, kind: c.kind, url }] : [];
  });
  const resolved: Partial<
    Record<MediaChoice['field'], { key: string; previewKey: string | null }>
  > = {};
  for (const [index, answer] of (await resolveOwnUploads(db, ownerId, wanted)).entries()) {
    if (answer.problem) {
      const kind = wanted[index]?.kind ?? 'image';
      throw fail(UPLOAD_REFUSALS[answer.problem], { field: answer.field, kind });
    }
    resolved[answer.field] = { key: answer.upload.key, previewKey: answer.upload.previewKey };
  }
  return resolved;
}

/**
 * What a create/edit form charges: its price, or for a pay-what-you-want item (issue 43) its
 * terms, with the smallest payment as the price every other reader sees. Refuses bad terms 400.
 */
export function pricingOf(body: CreateItemRequest): {
  priceCents: number;
  minPriceCents: number | null;
  suggestedPriceCents: number | null;
} {
  const pwyw = pwywTermsOf(body);
  if (pwyw.problem) throw fail(pwyw.problem, undefined, { field: pwyw.field });
  if (pwyw.terms) {
    return { priceCents: pwywListedPriceCents(pwyw.terms.minPriceCents), ...pwyw.terms };
  }
  const priceCents = parsePriceToCents(body.price);
  if (priceCents === null) throw failWithKey(400, UPLOAD_REQUIRED_FIELDS);
  return { priceCents, minPriceCents: null, suggestedPriceCents: null };
}

/**
 * What the upload form sets on an item, on create and on an edit (the whole form again, with the
 * same rules): its price terms, its own uploaded media, where it is placed (on sale, scheduled,
 * early access) and its text.
 */
export async function formFields(db: Db, ownerId: string, body: CreateItemRequest, at: Date) {
  const pricing = pricingOf(body);
  const media = await resolveMedia(db, ownerId, [
    { field: 'image', kind: 'image', url: body.image },
    { field: 'audio', kind: 'audio', url: body.audio },
    { field: 'video', kind: 'video', url: body.video },
  ]);
  if (!media.image) throw failWithKey(400, UPLOAD_REQUIRED_FIELDS);
  const placement = placementOf(body, at);
  return {
    title: body.title,
    description: body.description,
    ...pricing,
    imageKey: media.image.key,
    imagePreviewKey: media.image.previewKey,
    audioKey: media.audio?.key ?? null,
    videoKey: media.video?.key ?? null,
    status: placement.status,
    publishAt: placement.publishAt,
    earlyAccessUntil: placement.earlyAccessUntil,
    tags: normalizeTags(body.tags),
    category: body.category,
    subcategory: body.subcategory,
    explicitContent: body.explicitContent,
    tierRequired: body.tierRequired ?? 'Aura',
  } satisfies Partial<ItemRow>;
}

/**
 * SPEC §7 POST /api/v1/aura/create. Publishing the first item turns a `user` into a `creator`
 * in the same transaction; the session stays valid (the guard reads the role from the database).
 * With an Idempotency-Key, a repeat of the same form answers the item the first request made
 * (`replayed`), also when that one committed but never answered; concurrent repeats make one.
 */
export async function createItem(
  deps: ItemsDeps,
  viewer: { id: string; role: Role },
  body: CreateItemRequest,
  idempotencyKey: string | null,
  meta: EventMeta,
): Promise<CreateItemResponse & { replayed: boolean }> {
  authorize(viewer, 'item.create');
  const creation = idempotencyKey === null ? null : creationKeyOf(idempotencyKey, body);
  const earlier = creation && (await itemCreatedUnder(deps.db, viewer.id, creation));
  if (earlier) return answerOf(deps, viewer, earlier, true);

  const fields = await formFields(deps.db, viewer.id, body, meta.at);
  const { priceCents } = fields;

  const created = await deps.db.transaction(async (tx) => {
    const [item] = await tx
      .insert(items)
      .values({
        creatorId: viewer.id,
        ...fields,
        createdAt: meta.at,
        creationKey: creation?.key ?? null,
        creationHash: creation?.hash ?? null,
      })
      // A request with the same key committed meanwhile (PostgreSQL waits for it here).
      .onConflictDoNothing({
        target: [items.creatorId, items.creationKey],
        where: sql`${items.creationKey} is not null`,
      })
      .returning();
    if (!item) return null;
    await recordEvent(
      tx,
      viewer,
      {
        type: 'item.created',
        subjectId: String(item.id),
        data: {
          creatorId: viewer.id,
          priceCents,
          tierRequired: item.tierRequired,
          status: item.status,
        },
      },
      meta,
    );
    // Put on sale at once: the same `item.published` a schedule records at its time, so what
    // follows a publication (new-post mails, issue 42) happens either way.
    if (item.status === 'available') {
      await recordEvent(
        tx,
        viewer,
        { type: 'item.published', subjectId: String(item.id), data: {} },
        meta,
        { audience: [viewer.id] },
      );
    }
    const promoted = promotesToCreatorOnPublish(viewer.role)
      ? await promoteToCreator(tx, viewer, item.id, meta)
      : null;
    return { item, role: promoted ?? viewer.role };
  });
  if (created) return answerOf(deps, { id: viewer.id, role: created.role }, created.item, false);
  const raced = creation && (await itemCreatedUnder(deps.db, viewer.id, creation));
  if (!raced) throw new Error('an item creation conflicted with no item');
  // The request that won made this one's author a creator, if it was their first item.
  const role = promotesToCreatorOnPublish(viewer.role) ? 'creator' : viewer.role;
  return answerOf(deps, { id: viewer.id, role }, raced, true);
}

async function answerOf(
  deps: ItemsDeps,
  owner: { id: string; role: Role },
  item: ItemRow,
  replayed: boolean,
) {
  return { id: item.id, item: await presentOwnItem(deps, owner, item), replayed };
}

export async function presentOwnItem(
  deps: ItemsDeps,
  owner: { id: string; role: Role },
  item: ItemRow,
): Promise<ItemDetail> {
  const [view] = await viewItemsById(deps.db, owner, [item.id], deps.clock.now());
  if (!view) throw new Error('a created item vanished');
  return presentItemDetail(view, deps.urls);
}
