import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can } from '../../../common/rules/permissions';
import { ROLES } from '../../../common/rules/roles';
import { systemMeta } from '../../events/record';
import { bearer, post, signUp, STRONG_PASSWORD } from '../../modules/auth/test-helpers';
import { queueMail } from '../../modules/mail/queue';
import { HIDDEN } from '../../modules/mail/secrets';
import { deliverMails, lastMail, tokenOf } from '../../modules/mail/test-helpers';
import { unsubscribeToken } from '../../modules/mail/tokens';
import { createTestApp, type TestApp } from '../app';
import { createUser } from '../factories';

/*
 * The outbox for every role (issue 19): the roles the permission table lets read it see every
 * mail, readable, with the secret of each link that acts for its recipient hidden (reset,
 * verification, e-mail change, unsubscribe); every other caller is refused.
 */

interface ShownMail {
  to: string;
  template: string;
  subject: string;
  text: string;
  html: string;
}

let t: TestApp;
beforeAll(async () => {
  // Its own database: the outbox lists the newest mails there are, and other files on the same
  // PostgreSQL database send theirs at clocks years ahead, which would push these off the page.
  t = await createTestApp({ env: { PUBLIC_URL: 'https://authz.aura.example' }, ownDatabase: true });
});
afterAll(() => t.close());

describe('the admin outbox, per role', () => {
  it('hides every secret link from every role that may read it', async () => {
    const person = await signUp(t);
    const newAddress = `new-${person.fields.username.toLowerCase()}@example.test`;
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/email',
      headers: bearer(person.token),
      payload: { email: newAddress, password: STRONG_PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const asked = await post(t, '/api/v1/auth/forgot-password', { email: person.fields.email });
    expect(asked.statusCode).toBe(202);
    await t.db.transaction((tx) =>
      queueMail(
        tx,
        { template: 'user-warned', userId: person.user.id, params: { reason: 'Spam' } },
        `authz-outbox:${person.user.id}`,
        systemMeta(new Date()),
      ),
    );
    await deliverMails(t);
    const verify = await lastMail(t, person.fields.email, 'verify-email');
    const reset = await lastMail(t, person.fields.email, 'reset-password');
    const change = await lastMail(t, newAddress, 'change-email');
    const secrets = {
      verify: tokenOf(t, verify),
      reset: tokenOf(t, reset),
      change: tokenOf(t, change),
      unsubscribe: unsubscribeToken(t.container.keys['mail-links'], person.user.id, 'moderation'),
    };

    const readers = ROLES.filter((role) => can({ id: 'x', role }, 'admin.outbox.read'));
    expect(readers).toEqual(expect.arrayContaining(['admin', 'superadmin']));
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/admin/outbox' });
    expect(anonymous.statusCode).toBe(401);
    for (const role of ROLES) {
      const caller = await createUser(t, { role });
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/outbox?limit=200',
        headers: caller.auth,
      });
      if (!readers.includes(role)) {
        expect(res.statusCode, role).toBe(403);
        continue;
      }
      expect(res.statusCode, role).toBe(200);
      for (const [name, secret] of Object.entries(secrets)) {
        expect(res.body, `${name} token shown to ${role}`).not.toContain(secret);
        expect(res.body, `${name} token shown to ${role}`).not.toContain(
          encodeURIComponent(secret),
        );
      }
      // Nor any other link's token ("this was not me", and whatever comes next).
      const shownTokens = [...res.body.matchAll(/token=([^\s"&<\\]+)/g)].map((m) => m[1]);
      expect(shownTokens.length).toBeGreaterThan(0);
      expect(new Set(shownTokens), role).toEqual(new Set([HIDDEN]));
      const mails = (res.json() as { mails: ShownMail[] }).mails;
      const shown = (to: string, template: string) =>
        mails.find((m) => m.to === to && m.template === template);
      for (const [to, template, page] of [
        [person.fields.email, 'verify-email', '/verify-email'],
        [person.fields.email, 'reset-password', '/reset-password'],
        [newAddress, 'change-email', '/verify-email'],
        [person.fields.email, 'user-warned', '/unsubscribe'],
      ] as const) {
        const mail = shown(to, template);
        expect(mail, `${template} shown to ${role}`).toBeDefined();
        // Still readable: its subject, its words and where the link leads.
        expect(mail!.subject.length).toBeGreaterThan(0);
        expect(mail!.text).toContain(`${page}?token=${HIDDEN}`);
        expect(mail!.html).toContain(`${page}?token=${HIDDEN}`);
      }
      expect(shown(person.fields.email, 'user-warned')!.text).toContain('Spam');
    }
  });
});
