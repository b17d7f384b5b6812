import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../../common/rules/roles';
import { publishItem } from '../../modules/items/test-helpers';
import { routesOf } from '../../http/route-list';
import { createTestApp, type TestApp } from '../app';
import { createUser, type TestUser } from '../factories';
import { operationsOf, type Operation } from '../openapi';
import type { Fixtures, MatrixRequest, MatrixRow } from './harness';
import { AUTHZ_MATRIX } from './rows';

/*
 * Authorization matrix (issue 18): every operation the app serves × the 8 roles + a signed-out
 * caller (+ the owner, for operations on an item), each outcome declared in one table
 * (./rows.ts, split per module). "May" means the answer is neither 401 nor 403; "may not"
 * means 401 for a signed-out caller, 403 (or 404 for someone else's item) for a signed-in one.
 * A route without a row, or a row without a route, fails the test.
 */

type Caller = 'anonymous' | Role | 'owner';
type Outcome = 'may' | 'may not';

/** Routes that are not API operations: the docs pages and the live socket (tested on its own). */
const NOT_OPERATIONS = [/^\/api\/docs(\/|$)/, /^\/api\/v1\/realtime$/, /^\/\*$/];

function expected(row: MatrixRow, caller: Caller): Outcome {
  if (caller === 'owner') return 'may';
  if (row.who === 'anyone') return 'may';
  if (caller === 'anonymous') return 'may not';
  if (row.who === 'signed-in') return 'may';
  return (row.who as readonly Role[]).includes(caller) ? 'may' : 'may not';
}

/** The guard's refusals: signed out (401), or signed in without the right (403, or 404 on someone else's item). */
function refused(status: number, code: unknown, row: MatrixRow, caller: Caller): boolean {
  if (status === 401) {
    return code === 'sign_in_required' || code === 'sign_in_expired' || code === row.refusedWith;
  }
  if (status === 403) return true;
  return status === 404 && row.owner === true && caller !== 'owner';
}

/** A feature this test server has not configured answers its own 503 (Google sign-in). */
const isNotConfigured = (res: { statusCode: number; body: string }) =>
  res.statusCode === 503 && codeOf(res.body) === 'google_not_configured';

function codeOf(body: string): unknown {
  try {
    return (JSON.parse(body) as { code?: unknown }).code;
  } catch {
    return undefined; // not JSON: a media file, a page
  }
}

function defaultParams(op: Operation, fx: Fixtures): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const p of op.parameters.filter((x) => x.in === 'path')) {
    if (p.name === 'username') params[p.name] = fx.owner.username;
    else if (p.name === 'userId') params[p.name] = fx.target.id;
    else if (p.name === 'creatorId') params[p.name] = fx.owner.id;
    else if (/\/(aura|items|content)\/\{id\}/.test(op.path)) params[p.name] = fx.itemId;
    else if (/\/users\/\{id\}|\/hub\/payouts\/\{id\}/.test(op.path)) params[p.name] = fx.target.id;
    else params[p.name] = 1;
  }
  return params;
}

let t: TestApp;
let operations: Operation[];
let routes: string[];
beforeAll(async () => {
  t = await createTestApp({
    env: { AI_ANON_RATE_LIMIT_PER_MINUTE: '1000', MESSAGE_RATE_LIMIT_PER_MINUTE: '1000' },
  });
  operations = operationsOf(t.app);
  routes = [...routesOf(t.app)];
});
afterAll(() => t.close());

describe('authorization matrix', () => {
  it('has a row for every route the app serves, and no row without a route', () => {
    const served = routes.filter(
      (r) => !NOT_OPERATIONS.some((re) => re.test(r.split(' ')[1] ?? '')),
    );
    expect(served.filter((r) => !(r in AUTHZ_MATRIX)).sort()).toEqual([]);
    expect(
      Object.keys(AUTHZ_MATRIX)
        .filter((r) => !served.includes(r))
        .sort(),
    ).toEqual([]);
  });

  it('answers every operation × caller as the table says', async () => {
    const mismatches: string[] = [];
    const observed: Record<string, Record<string, number>> = {};
    const sharedOwner = await createUser(t, { role: 'creator' });
    const sharedItem = await publishItem(t, sharedOwner, {}, { audio: false, video: false });
    for (const [opIndex, op] of operations.entries()) {
      const id = `${op.method} ${op.path}`;
      const row = AUTHZ_MATRIX[id] ?? { who: 'anyone' };
      // Operations on one item get an item of their own; the others share one.
      const owner = row.owner ? await createUser(t, { role: 'creator' }) : sharedOwner;
      const target = await createUser(t);
      const item = row.owner
        ? await publishItem(t, owner, {}, { audio: false, video: false })
        : sharedItem;
      const fx: Fixtures = {
        itemId: item.id,
        owner: { id: owner.user.id, username: owner.user.username },
        target: { id: target.user.id, username: target.user.username },
      };
      const callers: [Caller, TestUser | null][] = [['anonymous', null]];
      for (const role of ROLES) callers.push([role, await createUser(t, { role })]);
      if (row.owner) callers.push(['owner', owner]);
      observed[id] = {};
      for (const [callerIndex, [caller, user]] of callers.entries()) {
        const req: MatrixRequest = row.request?.(fx) ?? {};
        const params = { ...defaultParams(op, fx), ...req.params };
        const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
          encodeURIComponent(String(params[name])),
        );
        const search = req.query ? `?${new URLSearchParams(req.query).toString()}` : '';
        const res = await t.app.inject({
          method: op.method as 'GET',
          url: path + search,
          headers: { ...req.headers, ...(user?.auth ?? {}) },
          // An address per call: the per-address limits are not what this test is about.
          remoteAddress: `10.1.${opIndex}.${callerIndex + 1}`,
          ...(req.body !== undefined
            ? { payload: req.body as object }
            : op.body
              ? { payload: {} }
              : {}),
        });
        observed[id][caller] = res.statusCode;
        const outcome: Outcome = refused(res.statusCode, codeOf(res.body), row, caller)
          ? 'may not'
          : 'may';
        const want = expected(row, caller);
        if (outcome !== want || (res.statusCode >= 500 && !isNotConfigured(res))) {
          mismatches.push(
            `${id} as ${caller}: ${res.statusCode} (want ${want}) ${res.body.slice(0, 160)}`,
          );
        }
      }
    }
    if (process.env.AUTHZ_RECORD) console.log(JSON.stringify(observed, null, 1));
    expect(mismatches).toEqual([]);
  }, 240_000);
});
