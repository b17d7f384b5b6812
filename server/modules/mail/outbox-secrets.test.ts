import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { bearer, post, STRONG_PASSWORD } from '../auth/test-helpers';
import { HIDDEN } from './secrets';
import { deliverMails, lastMail, tokenOf } from './test-helpers';

/*
 * The outbox never shows a link that acts for someone else (issue 19): an admin who asks for a
 * superadmin's password reset and reads the outbox gets no working link, so no takeover.
 */

const PUBLIC_URL = 'https://outbox.aura.example';
let t: TestApp;
beforeAll(async () => {
  // Its own database: the outbox lists the newest mails there are, and other files on the same
  // PostgreSQL database send theirs at clocks years ahead, which would push these off the page.
  t = await createTestApp({ env: { PUBLIC_URL }, ownDatabase: true });
});
afterAll(() => t.close());

describe('the admin outbox and the password reset of another account', () => {
  it('gives an admin no working reset link of the superadmin, so no way to their role', async () => {
    const superadmin = await createUser(t, { role: 'superadmin' });
    const admin = await createUser(t, { role: 'admin' });
    // Anyone may ask for anyone's reset link; the mail goes to the superadmin only.
    const asked = await post(t, '/api/v1/auth/forgot-password', {
      email: superadmin.user.email,
    });
    expect(asked.statusCode).toBe(202);
    await deliverMails(t);

    const outbox = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/outbox?limit=200',
      headers: bearer(admin.token),
    });
    expect(outbox.statusCode).toBe(200);
    // Every token-shaped value the outbox shows fails as a reset token.
    const shown = [...outbox.body.matchAll(/token=([^\s"&<\\]+)/g)].map((m) =>
      decodeURIComponent(m[1]!),
    );
    expect(shown.length).toBeGreaterThan(0);
    for (const token of new Set(shown)) {
      const reset = await post(t, '/api/v1/auth/reset-password', {
        token,
        password: `${STRONG_PASSWORD}-taken`,
        confirmPassword: `${STRONG_PASSWORD}-taken`,
      });
      expect(reset.statusCode, reset.body).toBe(400);
    }
    const mail = (
      outbox.json() as { mails: { to: string; template: string; text: string }[] }
    ).mails.find((m) => m.to === superadmin.user.email && m.template === 'reset-password');
    // The mail is there and readable, its link's secret is not.
    expect(mail?.text).toContain(`${PUBLIC_URL}/reset-password?token=${HIDDEN}`);
    const realToken = tokenOf(t, await lastMail(t, superadmin.user.email, 'reset-password'));
    expect(outbox.body).not.toContain(realToken);

    // The superadmin's real link still works for them, and the admin stayed an admin.
    const own = await post(t, '/api/v1/auth/reset-password', {
      token: realToken,
      password: `${STRONG_PASSWORD}-mine`,
      confirmPassword: `${STRONG_PASSWORD}-mine`,
    });
    expect(own.statusCode, own.body).toBe(200);
    const [stillAdmin] = await t.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, admin.user.id));
    expect(stillAdmin?.role).toBe('admin');
  });
});
