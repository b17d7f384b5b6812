import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ROLES, type Role } from '../../../common/rules/roles';
import { uniqueName, type TestApp } from '../../test/app';
import { createItem, createUser, type TestUser } from '../../test/factories';

/** Builders shared by the Control Hub and payout tests. */

/** One fresh account per role (SPEC §3's eight). */
export async function oneUserPerRole(t: TestApp): Promise<Record<Role, TestUser>> {
  const entries = await Promise.all(
    ROLES.map(async (role) => [role, await createUser(t, { role })] as const),
  );
  return Object.fromEntries(entries) as Record<Role, TestUser>;
}

/** A creator with one listed (available) item, so their status is active. */
export async function creatorWithItem(
  t: TestApp,
  overrides: { displayName?: string; username?: string; priceCents?: number } = {},
) {
  const creator = await createUser(t, {
    role: 'creator',
    username: overrides.username ?? uniqueName('maker_'),
    displayName: overrides.displayName ?? null,
  });
  const item = await createItem(t, creator, { priceCents: overrides.priceCents ?? 1000 });
  return { creator, item };
}

export const hubGet = (t: TestApp, url: string, user?: TestUser) =>
  t.app.inject({ url, headers: user?.auth ?? {} });

/** A successful JSON answer (asserting the status). */
export async function okJson<T = Record<string, unknown>>(
  promise: PromiseLike<LightMyRequestResponse>,
  status = 200,
): Promise<T> {
  const res = await promise;
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

/** A payout settings body that passes every rule (021000021 has a valid ABA checksum). */
export const validPayoutBody = (overrides: Record<string, unknown> = {}) => ({
  paymentMethod: 'Bank transfer',
  bankName: 'First Test Bank',
  accountNumber: '000123456789',
  routingNumber: '021000021',
  currency: 'usd',
  status: 'active',
  autoPayout: true,
  ...overrides,
});
