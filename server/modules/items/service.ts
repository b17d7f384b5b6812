import type { Role } from '../../../common/rules/roles';
import { parsePriceToCents } from '../../../common/schemas/billing';
import type { MediaKind } from '../../../common/schemas/media';
import {
  normalizeTags,
  UPLOAD_REQUIRED_FIELDS,
  type CreateItemRequest,
  type CreateItemResponse,
  type ItemDetail,
} from '../../../common/schemas/items';
import { authorize } from '../../auth/authorize';
import type { Clock } from '../../context';
import type { Database, Db } from '../../db/client';
import { items, type ItemRow } from '../../db/schema/index';
import { recordEvent, type EventMeta } from '../../events/record';
import { badRequest, notFound } from '../../http/errors';
import { canViewItem, isFreeItem } from '../billing/index';
import { resolveOwnUploads, type MediaUrls, type UploadProblem } from '../media/index';
import { promoteToCreator } from '../users/index';
import { itemsWithCreators, viewItems, type ItemWithCreator, type Viewer } from './cards';
import { isKeptForHolders, isListed, maySeeUnlisted, promotesToCreator } from './policy';
import { presentItemDetail } from './presenter';

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

/**
 * The item as the viewer may reach it: unknown, malformed or unlisted ones answer 404 alike,
 * except to its creator and staff, and an item hidden by a moderator to those who hold it.
 */
export async function findVisibleItem(
  db: Db,
  viewer: Viewer,
  rawId: string,
  // Only a holder's membership period is compared with it; engagement calls use the real time.
  now: Date = new Date(),
): Promise<ItemWithCreator> {
  const id = parseItemId(rawId);
  const [found] = id === null ? [] : await itemsWithCreators(db, [id]);
  if (!found) throw notFound('Item not found');
  if (isListed(found.item, found.creator) || maySeeUnlisted(viewer, found.item.creatorId)) {
    return found;
  }
  if (isKeptForHolders(found.item, found.creator) && (await holdsItem(db, viewer, found, now))) {
    return found;
  }
  throw notFound('Item not found');
}

/** Whether the viewer bought the item or is a member of its tier (a free item is nobody's). */
async function holdsItem(db: Db, viewer: Viewer, found: ItemWithCreator, now: Date) {
  if (!viewer || isFreeItem(found.item)) return false;
  return canViewItem(db, viewer, found.item, now);
}

export async function getItem(deps: ItemsDeps, viewer: Viewer, rawId: string): Promise<ItemDetail> {
  const found = await findVisibleItem(deps.db, viewer, rawId, deps.clock.now());
  const [view] = await viewItems(deps.db, viewer, [found], deps.clock.now());
  if (!view) throw notFound('Item not found');
  return presentItemDetail(view, deps.urls);
}

interface MediaChoice {
  field: 'image' | 'audio' | 'video';
  kind: MediaKind;
  url: string | undefined;
}

const UPLOAD_REFUSALS: Record<UploadProblem, (kind: MediaKind) => string> = {
  notUploadedHere: () => 'not a file uploaded here',
  notYourUpload: () => 'use a file you uploaded yourself',
  wrongMediaKind: (kind) => `this upload is not a ${kind}`,
};

/**
 * The stored keys behind the URLs of the form: each must be an upload of the caller's own and
 * of the right kind, so nobody publishes someone else's file (or an audio file as the cover).
 */
async function resolveMedia(db: Db, ownerId: string, choices: MediaChoice[]) {
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
      throw badRequest(`${answer.field}: ${UPLOAD_REFUSALS[answer.problem](kind)}`);
    }
    resolved[answer.field] = { key: answer.upload.key, previewKey: answer.upload.previewKey };
  }
  return resolved;
}

/**
 * SPEC §7 POST /api/v1/aura/create. Publishing the first item turns a `user` into a `creator`
 * in the same transaction; the session stays valid (the guard reads the role from the database).
 */
export async function createItem(
  deps: ItemsDeps,
  viewer: { id: string; role: Role },
  body: CreateItemRequest,
  meta: EventMeta,
): Promise<CreateItemResponse> {
  authorize(viewer, 'item.create');
  const priceCents = parsePriceToCents(body.price);
  if (priceCents === null) throw badRequest(UPLOAD_REQUIRED_FIELDS);
  const media = await resolveMedia(deps.db, viewer.id, [
    { field: 'image', kind: 'image', url: body.image },
    { field: 'audio', kind: 'audio', url: body.audio },
    { field: 'video', kind: 'video', url: body.video },
  ]);
  if (!media.image) throw badRequest(UPLOAD_REQUIRED_FIELDS);

  const { item, role } = await deps.db.transaction(async (tx) => {
    const [item] = await tx
      .insert(items)
      .values({
        creatorId: viewer.id,
        title: body.title,
        description: body.description,
        priceCents,
        imageKey: media.image?.key ?? null,
        imagePreviewKey: media.image?.previewKey ?? null,
        audioKey: media.audio?.key ?? null,
        videoKey: media.video?.key ?? null,
        status: body.status,
        tags: normalizeTags(body.tags),
        category: body.category,
        subcategory: body.subcategory,
        explicitContent: body.explicitContent,
        tierRequired: body.tierRequired ?? 'Aura',
        createdAt: meta.at,
      })
      .returning();
    if (!item) throw new Error('item insert returned nothing');
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
    const promoted = promotesToCreator(viewer.role)
      ? await promoteToCreator(tx, viewer.id, item.id, meta)
      : null;
    return { item, role: promoted ?? viewer.role };
  });

  const detail = await presentOwnItem(deps, { id: viewer.id, role }, item);
  return { id: item.id, item: detail };
}

async function presentOwnItem(
  deps: ItemsDeps,
  owner: { id: string; role: Role },
  item: ItemRow,
): Promise<ItemDetail> {
  const [found] = await itemsWithCreators(deps.db, [item.id]);
  if (!found) throw new Error('a created item vanished');
  const [view] = await viewItems(deps.db, owner, [found], deps.clock.now());
  if (!view) throw new Error('a created item vanished');
  return presentItemDetail(view, deps.urls);
}
