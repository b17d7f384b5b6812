/**
 * Issue 18: a failed insert is logged without its parameters or row values: no password hash,
 * no e-mail address in the log.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureHttp } from '../app';
import { hashPassword } from '../auth/passwords';
import { users } from '../db/schema/index';
import { createTestApp, uniqueName, type TestApp } from '../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('database errors in the log', () => {
  it('holds the statement and codes, never the hash or the e-mail', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'error', stream: { write: (l) => lines.push(l) } } });
    configureHttp(app);
    const username = uniqueName('dup_');
    const email = `${username}@secret-mail.test`;
    const passwordHash = await hashPassword('Log-Secret-Pass-2030!');
    app.post('/dup', async () => {
      const row = { username, email, passwordHash };
      await t.db.insert(users).values(row);
      await t.db.insert(users).values(row); // a unique violation, like a racing signup
      return {};
    });
    const res = await app.inject({ method: 'POST', url: '/dup' });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.json().error).toBe('Internal server error');
    const log = lines.join('\n');
    expect(log).toContain('request failed');
    expect(log).toContain('Failed query: insert into');
    expect(log).toContain('23505');
    expect(log).not.toContain(passwordHash);
    expect(log).not.toContain('$argon2id');
    expect(log).not.toContain(email);
    expect(log).not.toContain(username);
  });
});
