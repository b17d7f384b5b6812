/**
 * Issue 18: production keeps no usable demo account. A database an earlier development start
 * seeded is refused in production until `npm run demo:disable` (disableDemoAccounts) ran; the
 * real start and the script are tested in demo-accounts-safety.start.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config';
import { auditEvents, users } from '../db/schema/index';
import { systemMeta } from '../events/record';
import { createTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/factories';
import { DEMO_ACCOUNTS, seedAccounts } from './accounts';
import {
  activeDemoAccounts,
  disableDemoAccounts,
  DISABLE_DEMO_COMMAND,
  refuseActiveDemoAccounts,
} from './demo-accounts-safety';

let t: TestApp;
beforeAll(async () => {
  // A database of its own: the demo accounts are disabled here, and other files sign in with them.
  t = await createTestApp({ ownDatabase: true });
  await seedAccounts(t.container, { lines: [] });
});
afterAll(() => t.close());

const superadmin = DEMO_ACCOUNTS.find((a) => a.role === 'superadmin')!;
const signIn = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { username, password } });

describe('demo accounts in production', () => {
  it('refuses the database while a seeded demo account is active, naming the command', async () => {
    expect(await activeDemoAccounts(t.db)).toHaveLength(DEMO_ACCOUNTS.length);
    const refusal = await refuseActiveDemoAccounts(t.db).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refusal).toBeInstanceOf(ConfigError);
    const { message } = refusal as ConfigError;
    expect(message).toMatch(/^Refusing to start in production/);
    expect(message).toContain(DISABLE_DEMO_COMMAND);
    expect(message).toContain('demo_superadmin');
  });

  it('disables them all: no sign-in with the published password, sessions end, once', async () => {
    const signedIn = await signIn(superadmin.username, superadmin.password);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = { authorization: `Bearer ${signedIn.json().token}` };
    // Someone who picked a demo-like name for their own account is not a demo account.
    const lookalike = await createUser(t, { username: 'demo_fan' });

    const disabled = await disableDemoAccounts(t.db, systemMeta(new Date()));
    expect(disabled.sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.username).sort());

    const again = await signIn(superadmin.username, superadmin.password);
    expect(again.statusCode).toBe(401);
    const profile = await t.app.inject({ url: '/api/v1/users/profile', headers: session });
    expect(profile.statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.username, superadmin.username));
    expect(row).toMatchObject({ status: 'suspended', passwordHash: null });
    const audit = await t.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, row!.id));
    expect(audit.map((a) => a.action)).toContain('user.suspended');
    const [other] = await t.db.select().from(users).where(eq(users.id, lookalike.user.id));
    expect(other?.status).toBe('active');

    expect(await activeDemoAccounts(t.db)).toEqual([]);
    await expect(refuseActiveDemoAccounts(t.db)).resolves.toBeUndefined();
    expect(await disableDemoAccounts(t.db, systemMeta(new Date()))).toEqual([]);
  });
});
