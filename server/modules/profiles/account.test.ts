import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginResponse } from '../../../common/schemas/auth';
import { ProfileResponse } from '../../../common/schemas/users';
import { hashPassword } from '../../auth/passwords';
import type { Clock } from '../../context';
import {
  auditEvents,
  creatorProfiles,
  ledgerEntries,
  subscriptions,
  users,
} from '../../db/schema/index';
import { lastMail, tokenOf } from '../mail/test-helpers';
import { createUser, type TestUser } from '../../test/factories';
import { payLocal, startCheckout } from '../billing/test-helpers';
import { feedPagesUntil } from '../feed/test-helpers';
import { publishItem } from '../items/test-helpers';
import { createMediaTestApp, uploadOk, type MediaTestApp } from '../media/test-helpers';
import { saveProfileOk, visitProfile } from './test-helpers';

const NOW = new Date('2030-06-01T10:00:00Z');
const clock: Clock = { now: () => NOW };
const PASSWORD = 'Old-Password-2030!';

let t: MediaTestApp;
beforeAll(async () => {
  t = await createMediaTestApp({ clock });
});
afterAll(() => t.close());

let passwordHash: string;
/** A user who signs in with PASSWORD (hashed once: argon2 is slow on purpose). */
async function userWithPassword(overrides: Parameters<typeof createUser>[1] = {}) {
  passwordHash ??= await hashPassword(PASSWORD);
  return createUser(t, { passwordHash, ...overrides });
}

const call = (
  method: 'PATCH' | 'POST' | 'DELETE',
  url: string,
  user: TestUser | null,
  body: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: user?.auth ?? {},
    payload: body as Record<string, unknown>,
  });
const patchAccount = (user: TestUser | null, body: unknown) =>
  call('PATCH', '/api/v1/users/profile', user, body);
const changePassword = (user: TestUser | null, body: unknown) =>
  call('POST', '/api/v1/users/password', user, body);
const changeEmail = (user: TestUser | null, body: unknown) =>
  call('POST', '/api/v1/users/email', user, body);
const deleteAccount = (user: TestUser | null, body: unknown) =>
  call('DELETE', '/api/v1/users/profile', user, body);

const profileOf = (auth: { authorization: string }) =>
  t.app.inject({ url: '/api/v1/users/profile', headers: auth });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const login = (identifier: { username: string } | { email: string }, password: string) =>
  t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { ...identifier, password } });

async function actionsOf(userId: string): Promise<string[]> {
  const rows = await t.db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(eq(auditEvents.subjectId, userId));
  return rows.map((r) => r.action);
}

describe('PATCH /api/v1/users/profile', () => {
  it('fills every personal field, so profileCompletion reaches 100%', async () => {
    const me = await userWithPassword();
    const avatar = await uploadOk(t, me, 'image');
    const res = await patchAccount(me, {
      givenName: 'Ada',
      familyName: 'Lovelace',
      displayName: 'Countess',
      birthDate: '1990-12-10',
      phoneNumber: '+44 20 7946 0000',
      location: 'London',
      gender: 'female',
      bio: 'Analyst',
      website: 'https://ada.example',
      avatar: avatar.url,
      newsletter: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ProfileResponse.parse(res.json())).toMatchObject({
      given_name: 'Ada',
      family_name: 'Lovelace',
      birthDate: '1990-12-10',
      phoneNumber: '+44 20 7946 0000',
      avatar: avatar.previewUrl,
      profileCompletion: 100,
      newsletter: true,
      displayName: 'Countess',
      profile: {
        bio: 'Analyst',
        location: 'London',
        website: 'https://ada.example',
        gender: 'female',
        display_name: 'Countess',
        profile_image: avatar.previewUrl,
      },
    });
    expect(await actionsOf(me.user.id)).toContain('account.updated');
    // GET answers the same.
    expect((await profileOf(me.auth)).json()).toEqual(res.json());
  });

  it('changes only the fields sent and clears those sent empty', async () => {
    const me = await userWithPassword({ givenName: 'Bo', location: 'Oslo', bio: 'Hi' });
    const res = await patchAccount(me, { location: '', bio: null, gender: 'any' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      given_name: 'Bo',
      profile: { location: null, bio: null, gender: 'any' },
    });
  });

  it.each([
    [{ birthDate: '1990-02-30' }, 'invalidBirthDate', 'birthDate'],
    [{ birthDate: '2999-01-01' }, 'invalidBirthDate', 'birthDate'],
    [{ birthDate: '10.12.1990' }, 'invalidBirthDate', 'birthDate'],
    [{ phoneNumber: 'call me' }, 'invalidPhone', 'phoneNumber'],
    [{ phoneNumber: '+1' }, 'invalidPhone', 'phoneNumber'],
    [{ website: 'javascript:alert(1)' }, 'invalidUrl', 'website'],
    [{ website: '/relative' }, 'invalidUrl', 'website'],
    [{ givenName: 'g'.repeat(61) }, 'textTooLong', 'givenName'],
    [{ bio: 'b'.repeat(1001) }, 'textTooLong', 'bio'],
    [{ avatar: 'https://elsewhere.example/me.png' }, 'notUploadedHere', 'avatar'],
  ])('refuses %j with %s and changes nothing', async (body, error, field) => {
    const me = await userWithPassword({ givenName: 'Kept' });
    const before = (await profileOf(me.auth)).json();
    const res = await patchAccount(me, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error, field });
    expect((await profileOf(me.auth)).json()).toEqual(before);
  });

  it("refuses someone else's upload as the avatar", async () => {
    const me = await userWithPassword();
    const theirs = await uploadOk(t, await createUser(t), 'image');
    const res = await patchAccount(me, { avatar: theirs.url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'notYourUpload', field: 'avatar' });
  });

  it('needs a signed-in user', async () => {
    expect((await patchAccount(null, { bio: 'x' })).statusCode).toBe(401);
  });
});

describe('POST /api/v1/users/password', () => {
  const NEW_PASSWORD = 'New-Password-2030!';

  it('needs the current password and leaves everything as it was without it', async () => {
    const me = await userWithPassword();
    const res = await changePassword(me, {
      currentPassword: 'not-my-password',
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'wrongPassword', field: 'currentPassword' });
    expect((await profileOf(me.auth)).statusCode).toBe(200);
    expect((await login({ username: me.user.username }, PASSWORD)).statusCode).toBe(200);
  });

  it('ends every other session and hands the caller a fresh token', async () => {
    const me = await userWithPassword();
    const otherDevice = LoginResponse.parse(
      (await login({ username: me.user.username }, PASSWORD)).json(),
    );
    expect((await profileOf(bearer(otherDevice.token))).statusCode).toBe(200);

    const res = await changePassword(me, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = LoginResponse.parse(res.json());
    expect(fresh.user).toMatchObject({ id: me.user.id, username: me.user.username });

    expect((await profileOf(bearer(otherDevice.token))).statusCode).toBe(401);
    expect((await profileOf(me.auth)).statusCode).toBe(401);
    expect((await profileOf(bearer(fresh.token))).statusCode).toBe(200);
    expect((await login({ username: me.user.username }, PASSWORD)).statusCode).toBe(401);
    expect((await login({ username: me.user.username }, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await actionsOf(me.user.id)).toContain('account.password_changed');
  });

  it.each(['short1!', 'password', 'Password1', 'iloveyou1'])(
    'refuses %j as a new password even with the weak acceptance (floor, issue 18)',
    async (newPassword) => {
      const me = await userWithPassword();
      const res = await changePassword(me, {
        currentPassword: PASSWORD,
        newPassword,
        acceptWeakPassword: true,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'newPassword' });
      expect(res.json().error).toMatch(/^password(FloorLength|Common)$/);
      expect((await login({ username: me.user.username }, PASSWORD)).statusCode).toBe(200);
    },
  );

  it('refuses a weak password unless it is accepted (SPEC §5)', async () => {
    const me = await userWithPassword();
    const weak = await changePassword(me, { currentPassword: PASSWORD, newPassword: 'abcdefgh' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ error: 'passwordWeakAccept', field: 'newPassword' });
    expect((await profileOf(me.auth)).statusCode).toBe(200);
    const accepted = await changePassword(me, {
      currentPassword: PASSWORD,
      newPassword: 'abcdefgh',
      acceptWeakPassword: true,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('refuses an account without a password, and bad input', async () => {
    const google = await createUser(t, { googleSub: `google-${Date.now()}` });
    const res = await changePassword(google, { currentPassword: 'x', newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'noPasswordSet' });
    const me = await userWithPassword();
    expect((await changePassword(me, { currentPassword: PASSWORD })).statusCode).toBe(400);
    expect((await changePassword(me, { newPassword: NEW_PASSWORD })).statusCode).toBe(400);
    expect(
      (await changePassword(null, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }))
        .statusCode,
    ).toBe(401);
  });
});

describe('POST /api/v1/users/email', () => {
  it('changes the address once the new one confirms it, and tells the old one', async () => {
    const me = await userWithPassword();
    const address = `new-${me.user.username.toLowerCase()}@example.test`;
    const res = await changeEmail(me, { email: address, password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    // Issue 16: nothing changes until the link mailed to the new address is used.
    expect(res.json().email).toBe(me.user.email);
    expect((await login({ email: address }, PASSWORD)).statusCode).toBe(401);
    const notice = await lastMail(t, me.user.email, 'email-change-notice');
    expect(notice.text).toContain(address);
    const confirm = await lastMail(t, address, 'change-email');
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email',
      payload: { token: tokenOf(t, confirm) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ email: address });
    expect((await login({ email: address }, PASSWORD)).statusCode).toBe(200);
    expect((await login({ email: me.user.email }, PASSWORD)).statusCode).toBe(401);
    expect(await actionsOf(me.user.id)).toContain('account.email_changed');
    // The old address is free again.
    const check = await t.app.inject({
      url: `/api/v1/auth/check-email?email=${encodeURIComponent(me.user.email)}`,
    });
    expect(check.json()).toEqual({ available: true });
  });

  it('refuses the confirmation when someone took the address meanwhile', async () => {
    const me = await userWithPassword();
    const address = `race-${me.user.username.toLowerCase()}@example.test`;
    expect((await changeEmail(me, { email: address, password: PASSWORD })).statusCode).toBe(200);
    const confirm = await lastMail(t, address, 'change-email');
    await createUser(t, { email: address });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email',
      payload: { token: tokenOf(t, confirm) },
    });
    expect(res.statusCode).toBe(409);
    expect((await profileOf(me.auth)).json().email).toBe(me.user.email);
  });

  it('refuses an address someone has, in any letter case, with 409', async () => {
    const me = await userWithPassword();
    const other = await createUser(t);
    const res = await changeEmail(me, {
      email: other.user.email.toUpperCase(),
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'emailTaken', field: 'email' });
    expect((await profileOf(me.auth)).json().email).toBe(me.user.email);
  });

  it('refuses a wrong password, an invalid address and a signed-out caller', async () => {
    const me = await userWithPassword();
    const wrong = await changeEmail(me, { email: 'fresh@example.test', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'wrongPassword', field: 'password' });
    const invalid = await changeEmail(me, { email: 'not-an-email', password: PASSWORD });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ error: 'emailInvalid', field: 'email' });
    const same = await changeEmail(me, { email: me.user.email, password: PASSWORD });
    expect(same.json()).toMatchObject({ error: 'sameEmail' });
    expect(
      (await changeEmail(null, { email: 'x@example.test', password: PASSWORD })).statusCode,
    ).toBe(401);
    expect((await profileOf(me.auth)).json().email).toBe(me.user.email);
  });
});

describe('open password reset links', () => {
  const NEW_PASSWORD = 'New-Password-2030!';
  /** A reset link mailed to the account's address, not used yet. */
  async function openResetLink(me: TestUser): Promise<string> {
    const forgot = await call('POST', '/api/v1/auth/forgot-password', null, {
      email: me.user.email,
    });
    expect(forgot.statusCode).toBe(202);
    return tokenOf(t, await lastMail(t, me.user.email, 'reset-password'));
  }
  const resetWith = (token: string) =>
    call('POST', '/api/v1/auth/reset-password', null, {
      token,
      password: 'Reset-Password-2030!',
      confirmPassword: 'Reset-Password-2030!',
    });

  it('end when the password is changed in the settings', async () => {
    const me = await userWithPassword();
    const link = await openResetLink(me);
    const res = await changePassword(me, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    const reset = await resetWith(link);
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toMatchObject({ code: 'mail_link_invalid' });
    expect((await login({ username: me.user.username }, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('end when a new e-mail address takes effect', async () => {
    const me = await userWithPassword();
    const link = await openResetLink(me);
    const address = `moved-${me.user.username.toLowerCase()}@example.test`;
    expect((await changeEmail(me, { email: address, password: PASSWORD })).statusCode).toBe(200);
    const confirm = await lastMail(t, address, 'change-email');
    const verified = await call('POST', '/api/v1/auth/verify-email', null, {
      token: tokenOf(t, confirm),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const reset = await resetWith(link);
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toMatchObject({ code: 'mail_link_invalid' });
    expect((await login({ email: address }, PASSWORD)).statusCode).toBe(200);
  });
});

describe('DELETE /api/v1/users/profile', () => {
  it('needs the password', async () => {
    const me = await userWithPassword();
    const res = await deleteAccount(me, { password: 'wrong-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'wrongPassword', field: 'password' });
    expect((await deleteAccount(me, {})).statusCode).toBe(400);
    expect((await deleteAccount(null, { password: PASSWORD })).statusCode).toBe(401);
    expect((await profileOf(me.auth)).statusCode).toBe(200);
  });

  it('closes the account: no sign-in, its items leave the feed, its ledger history stays', async () => {
    const me = await userWithPassword({ role: 'creator', givenName: 'Gone', bio: 'Bye' });
    const fan = await createUser(t);
    const item = await publishItem(t, me, { price: '4.00' }, {});
    await saveProfileOk(t, me, { auraStatus: 'Leaving', links: { twitter: 'https://x.example' } });
    // A real sale and a running membership, so there is history and a renewal to stop.
    const sale = await startCheckout(t, fan, {
      tier: 'Night loop',
      price: '4.00',
      productId: item.id,
    });
    expect((await payLocal(t, sale.id)).statusCode).toBe(200);
    const membership = await startCheckout(t, fan, {
      tier: 'Hypr',
      price: '5.00',
      productId: me.user.id,
    });
    expect((await payLocal(t, membership.id)).statusCode).toBe(200);
    const { posts } = await feedPagesUntil(t, fan, [item.id]);
    expect(posts.has(item.id)).toBe(true);

    const res = await deleteAccount(me, { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);

    // Signed out everywhere and unable to sign in again, by name or address.
    expect((await profileOf(me.auth)).statusCode).toBe(401);
    expect((await login({ username: me.user.username }, PASSWORD)).statusCode).toBe(401);
    expect((await login({ email: me.user.email }, PASSWORD)).statusCode).toBe(401);
    // Its items and profiles are gone for everyone else; the buyer keeps what they paid for.
    const after = await feedPagesUntil(t, fan, [item.id]);
    expect(after.posts.has(item.id)).toBe(false);
    const stranger = await createUser(t);
    expect(
      (await t.app.inject({ url: `/api/v1/items/${item.id}`, headers: stranger.auth })).statusCode,
    ).toBe(404);
    const kept = await t.app.inject({ url: `/api/v1/items/${item.id}`, headers: fan.auth });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ isPurchased: true, creatorSuspended: false });
    expect((await t.app.inject({ url: `/api/v1/users/${me.user.id}` })).statusCode).toBe(404);
    expect((await visitProfile(t, me.user.username, fan)).statusCode).toBe(404);

    // Anonymised, but the row and its ledger history stay.
    const [row] = await t.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row).toMatchObject({
      status: 'deleted',
      givenName: null,
      bio: null,
      passwordHash: null,
      username: expect.stringMatching(/^deleted_[0-9a-f]{22}$/),
      email: `deleted-${me.user.id}@deleted.invalid`,
    });
    const ledger = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, me.user.id), eq(ledgerEntries.account, 'earnings')));
    expect(ledger.length).toBeGreaterThanOrEqual(2);
    expect(
      await t.db.select().from(creatorProfiles).where(eq(creatorProfiles.userId, me.user.id)),
    ).toEqual([]);
    // The fan is not charged again for a membership of a closed account.
    const [sub] = await t.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, fan.user.id), eq(subscriptions.creatorId, me.user.id)));
    expect(sub?.cancelAtPeriodEnd).toBe(true);
    expect(await actionsOf(me.user.id)).toContain('account.deleted');
    // The old name is free for someone new.
    const check = await t.app.inject({
      url: `/api/v1/auth/check-username?username=${me.user.username}`,
    });
    expect(check.json()).toEqual({ available: true });
  });
});
