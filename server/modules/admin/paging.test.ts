import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueName, type TestApp } from '../../test/app';
import { createItem, createUser, type TestUser } from '../../test/factories';
import { fileReportFor, inject } from './test-helpers';

/*
 * Issue 14: every admin list pages by keyset and returns each row exactly once, also when
 * rows share a timestamp and when new rows arrive between two pages.
 */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
});
afterAll(() => t.close());

/** Follows nextCursor to the end; `between` runs after the first page (rows arriving). */
async function everyPage<T>(
  url: string,
  list: string,
  idOf: (row: T) => string | number,
  between?: () => Promise<unknown>,
): Promise<(string | number)[]> {
  const seen: (string | number)[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const res = await inject(
      t,
      admin,
      'GET',
      `${url}${sep}limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const rows = body[list] as T[];
    expect(rows.length).toBeLessThanOrEqual(3);
    seen.push(...rows.map(idOf));
    cursor = body.nextCursor;
    pages += 1;
    if (pages === 1 && between) await between();
    expect(pages).toBeLessThan(1000);
  } while (cursor);
  return seen;
}

const exactlyOnce = (seen: (string | number)[], expected: (string | number)[]) => {
  expect(new Set(seen).size, 'no row twice').toBe(seen.length);
  for (const id of expected)
    expect(
      seen.filter((s) => s === id),
      String(id),
    ).toHaveLength(1);
};

describe('admin lists page every row exactly once', () => {
  it('GET /api/users, with registrations sharing a timestamp', async () => {
    const prefix = uniqueName('pg_').slice(0, 12);
    const at = new Date('2020-01-02T03:04:05.678Z');
    const made: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const user = await createUser(t, {
        username: `${prefix}_${i}`,
        // Four share one instant: the id breaks the tie.
        registeredAt: i < 4 ? at : new Date(at.getTime() + i * 1000),
      });
      made.push(user.user.id);
    }
    const seen = await everyPage<{ id: string }>(
      `/api/users?q=${prefix}`,
      'users',
      (u) => u.id,
      async () => {
        made.push((await createUser(t, { username: `${prefix}_late` })).user.id);
      },
    );
    // The late one registered "now", before the first page's position: not on later pages.
    exactlyOnce(seen, made.slice(0, 8));
    expect(seen).toHaveLength(8);
  });

  it('GET /api/content', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const title = uniqueName('Paged ');
    const made: number[] = [];
    for (let i = 0; i < 7; i += 1) made.push((await createItem(t, creator, { title })).id);
    const seen = await everyPage<{ id: number }>(
      `/api/content?q=${encodeURIComponent(title)}`,
      'items',
      (i) => i.id,
    );
    exactlyOnce(seen, made);
    expect(seen).toHaveLength(7);
  });

  it('GET /api/v1/admin/reports and /api/v1/admin/warnings', async () => {
    const reports: number[] = [];
    for (let i = 0; i < 5; i += 1) reports.push((await fileReportFor(t)).id);
    const warned = await createUser(t);
    const warningIds: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await inject(t, admin, 'POST', `/api/users/${warned.user.id}/warn`, {
        reason: `w${i}`,
      });
      warningIds.push(res.json().warning.id);
    }
    exactlyOnce(
      await everyPage<{ id: number }>(
        '/api/v1/admin/reports?status=open',
        'reports',
        (r) => r.id,
        () => fileReportFor(t),
      ),
      reports,
    );
    exactlyOnce(
      await everyPage<{ id: number }>('/api/v1/admin/warnings', 'warnings', (w) => w.id),
      warningIds,
    );
  });

  it('GET /api/v1/admin/audit, filtered by actor', async () => {
    const staff = await createUser(t, { role: 'superadmin' });
    const target = await createUser(t);
    for (let i = 0; i < 7; i += 1) {
      const res = await inject(t, staff, 'POST', `/api/users/${target.user.id}/warn`, {
        reason: `a${i}`,
      });
      expect(res.statusCode).toBe(201);
    }
    const seen = await everyPage<{ id: number; actorId: string }>(
      `/api/v1/admin/audit?actor=${staff.user.id}`,
      'events',
      (e) => e.id,
    );
    // The seven warnings and the account's own sign-up (test/factories.ts).
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
  });
});
