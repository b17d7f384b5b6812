import { eq } from 'drizzle-orm';
import { presentAbilities, type Actor } from '../../../common/rules/permissions';
import type { PayoutField, PayoutStatus } from '../../../common/rules/payouts';
import type {
  HubPayoutsPage,
  HubPayoutsQuery,
  OwnPayoutSettingsUpdateRequest,
  PayoutSetting,
  PayoutSettingsUpdateRequest,
} from '../../../common/schemas/payouts';
import { authorize } from '../../auth/authorize';
import type { Database, Db } from '../../db/client';
import { recordEvent, type EventMeta } from '../../events/record';
import { fail, failWithKey } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { pageOf } from '../hub/index';
import { openIfReadable, type PayoutCipher } from './cipher';
import { creatorPerson, hubPayoutRows, payoutPerson } from './people.read-model';
import { presentPayoutSetting, type PayoutPerson } from './presenter';
import { payoutSettings, type PayoutSettingsRow } from './tables';

export interface PayoutDeps {
  db: Database;
  cipher: PayoutCipher;
}

/** GET /api/v1/hub/payouts (SPEC §2 payout routing table): every creator, masked numbers. */
export async function listHubPayouts(
  deps: PayoutDeps,
  actor: Actor | null,
  query: HubPayoutsQuery,
): Promise<HubPayoutsPage> {
  authorize(actor, 'hub.read');
  const rows = await hubPayoutRows(deps.db, query);
  const { page, nextCursor } = pageOf(rows, query.limit);
  return {
    payouts: page.map(({ settings, ...person }) =>
      presentPayoutSetting(deps.cipher, person, settings),
    ),
    nextCursor,
    abilities: presentAbilities(actor, { canEdit: 'hub.payouts.write', canRun: 'hub.payouts.run' }),
  };
}

interface SettingsInput {
  paymentMethod: string;
  bankName: string;
  /** Empty or undefined keeps the stored number. */
  accountNumber?: string;
  routingNumber?: string;
  currency: 'usd';
  autoPayout: boolean;
}

/**
 * Writes one creator's settings in the caller's transaction and records `payout.updated` with
 * the names of the fields that changed (never their values). `statusOf` decides the status from
 * the stored row and whether a number changed. An unchanged save writes and records nothing.
 */
async function saveSettings(
  tx: Db,
  cipher: PayoutCipher,
  creatorId: string,
  input: SettingsInput,
  statusOf: (current: PayoutSettingsRow | undefined, numbersChanged: boolean) => PayoutStatus,
  actor: Actor,
  meta: EventMeta,
): Promise<PayoutSettingsRow> {
  const [current] = await tx
    .select()
    .from(payoutSettings)
    .where(eq(payoutSettings.creatorId, creatorId))
    .for('update');
  // A stored number this server cannot open counts as none: an omitted one keeps it as stored
  // (still unreadable), a given one replaces it.
  const stored = {
    accountNumber: current?.accountNumberSealed
      ? openIfReadable(cipher, current.accountNumberSealed, creatorId, 'accountNumber')
      : null,
    routingNumber: current?.routingNumberSealed
      ? openIfReadable(cipher, current.routingNumberSealed, creatorId, 'routingNumber')
      : null,
  };
  const accountNumber = input.accountNumber || stored.accountNumber;
  const routingNumber = input.routingNumber || stored.routingNumber;
  const accountChanged = accountNumber !== stored.accountNumber;
  const routingChanged = routingNumber !== stored.routingNumber;
  const status = statusOf(current, accountChanged || routingChanged);
  if (status === 'active' && !accountNumber) {
    throw failWithKey(400, 'payoutActiveNeedsAccount', { field: 'status' });
  }

  const changed: PayoutField[] = [];
  if (current?.paymentMethod !== input.paymentMethod) changed.push('paymentMethod');
  if (current?.bankName !== input.bankName && (current || input.bankName !== '')) {
    changed.push('bankName');
  }
  if (accountChanged) changed.push('accountNumber');
  if (routingChanged) changed.push('routingNumber');
  if (current?.currency !== input.currency) changed.push('currency');
  if (current?.status !== status) changed.push('status');
  if (current?.autoPayout !== input.autoPayout) changed.push('autoPayout');
  if (current && changed.length === 0) return current;

  const values = {
    paymentMethod: input.paymentMethod,
    bankName: input.bankName,
    accountNumberSealed: accountChanged
      ? accountNumber && cipher.seal(accountNumber, creatorId, 'accountNumber')
      : (current?.accountNumberSealed ?? null),
    routingNumberSealed: routingChanged
      ? routingNumber && cipher.seal(routingNumber, creatorId, 'routingNumber')
      : (current?.routingNumberSealed ?? null),
    currency: input.currency,
    status,
    autoPayout: input.autoPayout,
    updatedAt: meta.at,
  };
  const [saved] = await tx
    .insert(payoutSettings)
    .values({ creatorId, createdAt: meta.at, ...values })
    .onConflictDoUpdate({ target: payoutSettings.creatorId, set: values })
    .returning();
  await recordEvent(
    tx,
    actor,
    { type: 'payout.updated', subjectId: creatorId, data: { creatorId, fields: changed } },
    meta,
    { audience: [creatorId] },
  );
  return saved!;
}

async function findCreator(tx: Db, rawId: string): Promise<PayoutPerson> {
  if (!isUuid(rawId)) throw fail('creator_not_found');
  const person = await creatorPerson(tx, rawId);
  if (!person) throw fail('creator_not_found');
  return person;
}

/** PUT /api/v1/hub/payouts/{creatorId} (admin, superadmin): any field, the status included. */
export async function updateHubPayout(
  deps: PayoutDeps,
  actor: Actor | null,
  rawId: string,
  body: PayoutSettingsUpdateRequest,
  meta: EventMeta,
): Promise<PayoutSetting> {
  authorize(actor, 'hub.payouts.write');
  return deps.db.transaction(async (tx) => {
    const person = await findCreator(tx, rawId);
    const saved = await saveSettings(
      tx,
      deps.cipher,
      person.id,
      body,
      () => body.status,
      actor,
      meta,
    );
    return presentPayoutSetting(deps.cipher, person, saved);
  });
}

async function findSelf(db: Db, actor: Actor): Promise<PayoutPerson> {
  const person = await payoutPerson(db, actor.id);
  if (!person) throw fail('user_not_found');
  return person;
}

/** GET /api/v1/payouts/me: the signed-in creator's own settings (masked like everywhere). */
export async function ownPayoutSetting(
  deps: PayoutDeps,
  actor: Actor | null,
): Promise<PayoutSetting> {
  authorize(actor, 'payout.edit', { ownerId: actor?.id ?? '' });
  const person = await findSelf(deps.db, actor);
  const [row] = await deps.db
    .select()
    .from(payoutSettings)
    .where(eq(payoutSettings.creatorId, actor.id));
  return presentPayoutSetting(deps.cipher, person, row ?? null);
}

/**
 * PUT /api/v1/payouts/me: a creator edits their own routing. The status stays the admins': new
 * settings, or a changed account or routing number, wait as pending until an admin confirms.
 */
export async function updateOwnPayout(
  deps: PayoutDeps,
  actor: Actor | null,
  body: OwnPayoutSettingsUpdateRequest,
  meta: EventMeta,
): Promise<PayoutSetting> {
  authorize(actor, 'payout.edit', { ownerId: actor?.id ?? '' });
  return deps.db.transaction(async (tx) => {
    const person = await findSelf(tx, actor);
    const saved = await saveSettings(
      tx,
      deps.cipher,
      actor.id,
      body,
      (current, numbersChanged) => (!current || numbersChanged ? 'pending' : current.status),
      actor,
      meta,
    );
    return presentPayoutSetting(deps.cipher, person, saved);
  });
}
