import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatorProfileResponse } from '../../../common/schemas/creator-profile';
import { LoginResponse } from '../../../common/schemas/auth';
import { buildApp } from '../../app';
import type { Clock } from '../../context';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { bearer, post, signUp } from '../auth/test-helpers';
import { ACTIVITY_INTERVAL_MS } from './activity';

/*
 * SPEC §3 lastOnline is the last activity, not the last sign-in: any request with a live token
 * moves it, written at most once per ACTIVITY_INTERVAL_MS per account whichever instance serves
 * the request. Time moves by the app's clock, not by sleeping.
 */

const MINUTE_MS = 60_000;
const start = new Date('2031-03-01T09:00:00Z');
let now = start;
const clock: Clock = { now: () => now };
const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE_MS);

const statements: string[] = [];
/** The writes of last activity sent to the database (by any instance). */
const activityWrites = () =>
  statements.filter((s) => /^update "users" set "last_active_at"/.test(s));

let t: TestApp;
/** A second instance of the app on the same database, as behind a load balancer. */
let second: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ clock, onQuery: (statement) => statements.push(statement) });
  second = await buildApp({
    config: t.config,
    db: t.container.database,
    webRoot: null,
    logger: false,
    overrides: { clock },
  });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

/** lastOnline as anyone sees it (asked signed out, which is no one's activity). */
async function lastOnline(username: string): Promise<string | null> {
  const res = await t.app.inject({ url: `/api/v1/creators/${username}` });
  expect(res.statusCode, res.body).toBe(200);
  return CreatorProfileResponse.parse(res.json()).lastOnline;
}

/** A signed-in request to `app`, counting the activity writes it sent. */
async function request(app: FastifyInstance, token: string): Promise<number> {
  statements.length = 0;
  const res = await app.inject({ url: '/api/v1/users/profile', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return activityWrites().length;
}

describe('SPEC §3 lastOnline', () => {
  it('moves with activity after the sign-in, written at most once per interval', async () => {
    expect(ACTIVITY_INTERVAL_MS).toBe(5 * MINUTE_MS);
    const { fields } = await signUp(t);
    const signedIn = await post(t, '/v1/auth/login', {
      username: fields.username,
      password: fields.password,
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { token } = LoginResponse.parse(signedIn.json());
    expect(await lastOnline(fields.username)).toBe(start.toISOString());

    // Active a quarter of an hour later: lastOnline is that request, not the sign-in.
    now = at(15);
    expect(await request(t.app, token)).toBe(1);
    expect(await lastOnline(fields.username)).toBe(at(15).toISOString());

    // Within the interval the instance does not even ask the database.
    now = at(17);
    expect(await request(t.app, token)).toBe(0);
    expect(await lastOnline(fields.username)).toBe(at(15).toISOString());

    // Another instance asks once, and the row, fresh enough, is left as it is.
    now = at(18);
    expect(await request(second, token)).toBe(1);
    expect(await lastOnline(fields.username)).toBe(at(15).toISOString());
    now = at(19);
    expect(await request(second, token)).toBe(0);

    // Past the interval the other instance writes; the first then finds the row fresh.
    now = at(23);
    expect(await request(second, token)).toBe(1);
    expect(await lastOnline(fields.username)).toBe(at(23).toISOString());
    now = at(24);
    expect(await request(t.app, token)).toBe(1);
    expect(await lastOnline(fields.username)).toBe(at(23).toISOString());
  });

  it('is the last sign-in for an account not active since activity was recorded', async () => {
    const lastLoginAt = new Date('2030-12-24T18:00:00Z');
    const { user } = await createUser(t, { lastLoginAt });
    expect(await lastOnline(user.username)).toBe(lastLoginAt.toISOString());
  });
});
