import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, post, signUp } from '../modules/auth/test-helpers';
import { deliverMails, lastMail, tokenOf } from '../modules/mail/test-helpers';
import { unsubscribeToken } from '../modules/mail/tokens';
import { createTestApp, type TestApp } from '../test/app';

/*
 * The request log (issue 19): the tokens of mailed links, which act for their recipient, never
 * reach a log line, whether they come in a query string (the pages the links open, one-click
 * unsubscribe) or in a body (verify, reset).
 */

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => void lines.push(line) },
  });
});
afterAll(() => t.close());

describe('request log secrets', () => {
  it('writes no reset, verification or unsubscribe token to the log', async () => {
    const account = await signUp(t);
    await post(t, '/api/v1/auth/forgot-password', { email: account.fields.email });
    await deliverMails(t);
    const verify = tokenOf(t, await lastMail(t, account.fields.email, 'verify-email'));
    const reset = tokenOf(t, await lastMail(t, account.fields.email, 'reset-password'));
    const unsubscribe = unsubscribeToken(t.container.keys['mail-links'], account.user.id, 'digest');
    lines.length = 0;

    // The pages the links open, as a browser asks for them.
    for (const [page, token] of [
      ['/verify-email', verify],
      ['/reset-password', reset],
      ['/unsubscribe', unsubscribe],
    ] as const) {
      await t.app.inject({ method: 'GET', url: `${page}?token=${encodeURIComponent(token)}` });
    }
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/v1/mail/unsubscribe?token=${encodeURIComponent(unsubscribe)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    const verified = await post(t, '/api/v1/auth/verify-email', { token: verify });
    expect(verified.statusCode, verified.body).toBe(200);
    const password = 'An0ther!strong-pass';
    const changed = await post(
      t,
      '/api/v1/auth/reset-password',
      { token: reset, password, confirmPassword: password },
      bearer('not-a-session'),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    // A refused token (already used) is not logged either.
    await post(t, '/api/v1/auth/verify-email', { token: verify });

    const requests = lines.filter((line) => line.includes('"msg":"request"'));
    expect(requests.length).toBeGreaterThanOrEqual(7);
    expect(requests.join('\n')).toContain('/api/v1/mail/unsubscribe?token=[redacted]');
    const log = lines.join('\n');
    for (const token of [verify, reset, unsubscribe]) {
      expect(log).not.toContain(token);
      expect(log).not.toContain(encodeURIComponent(token));
    }
    expect(log).not.toContain(password);
  });
});

describe('request log in development (a quiet console)', () => {
  const requestLines = async (level: string) => {
    const written: string[] = [];
    const app = await createTestApp({
      env: { NODE_ENV: 'development', LOG_LEVEL: level },
      logStream: { write: (line) => void written.push(line) },
    });
    try {
      const health = await app.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(health.statusCode, health.body).toBe(200);
      const missing = await app.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
      expect(missing.statusCode).toBe(404);
    } finally {
      await app.close();
    }
    return written
      .filter((line) => line.includes('"msg":"request"'))
      .map((line) => JSON.parse(line) as { statusCode: number });
  };

  it('writes no line for a successful request at info, only for the failed one', async () => {
    expect((await requestLines('info')).map((line) => line.statusCode)).toEqual([404]);
  });

  it('writes a line for every request at debug', async () => {
    expect((await requestLines('debug')).map((line) => line.statusCode)).toEqual([200, 404]);
  });
});
