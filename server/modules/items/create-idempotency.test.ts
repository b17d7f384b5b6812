import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../../common/events';
import { auditEvents, items } from '../../db/schema/index';
import { createUser, type TestUser } from '../../test/factories';
import { createMediaTestApp, uploadOk, type MediaTestApp } from '../media/test-helpers';
import { itemForm } from './test-helpers';

// POST /api/v1/aura/create with an Idempotency-Key: a retry answers the item the first request
// made, never a second one (also when they run at once, which PostgreSQL shows best).
let t: MediaTestApp;
beforeAll(async () => {
  t = await createMediaTestApp();
});
afterAll(() => t.close());

const create = (who: TestUser, body: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/aura/create',
    headers: { ...who.auth, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: body,
  });

const itemIdsOf = async (creatorId: string) =>
  (await t.db.select({ id: items.id }).from(items).where(eq(items.creatorId, creatorId))).map(
    (r) => r.id,
  );

const eventsOf = async (type: DomainEvent['type'], subjectIds: string[]) =>
  subjectIds.length === 0
    ? 0
    : (
        await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(auditEvents)
          .where(and(eq(auditEvents.action, type), inArray(auditEvents.subjectId, subjectIds)))
      )[0]?.n;

async function creatorWithForm(role: 'creator' | 'user' = 'creator') {
  const who = await createUser(t, { role });
  const image = await uploadOk(t, who, 'image');
  return { who, form: itemForm(image.url) };
}

describe('creating an item with an Idempotency-Key', () => {
  it('answers a retry of the same form with the same item, made once', async () => {
    const { who, form } = await creatorWithForm();
    const first = await create(who, form, 'create-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await create(who, form, 'create-1');
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await itemIdsOf(who.user.id)).toEqual([first.json().id]);
    expect(await eventsOf('item.created', [String(first.json().id)])).toBe(1);
  });

  it('makes one item of many requests with the same key at once', async () => {
    const { who, form } = await creatorWithForm();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => create(who, form, 'create-at-once')),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const ids = new Set(answers.map((res) => res.json().id as number));
    expect(ids.size).toBe(1);
    expect(await itemIdsOf(who.user.id)).toEqual([...ids]);
    expect(answers.filter((res) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(7);
  });

  it('promotes a first-time publisher once, and answers the retry as a creator', async () => {
    const { who, form } = await creatorWithForm('user');
    const first = await create(who, form, 'first-item');
    expect(first.statusCode, first.body).toBe(201);
    const retry = await create(who, form, 'first-item');
    expect(retry.json()).toEqual(first.json());
    expect(await eventsOf('user.role_changed', [who.user.id])).toBe(1);
  });

  it('refuses the key with another form (409) and stores nothing more', async () => {
    const { who, form } = await creatorWithForm();
    expect((await create(who, form, 'create-2')).statusCode).toBe(201);
    const other = await create(who, { ...form, title: 'Another loop' }, 'create-2');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'idempotency_key_reused' });
    expect(await itemIdsOf(who.user.id)).toHaveLength(1);
  });

  it('keeps keys apart per creator, and makes a new item per request without a key', async () => {
    const a = await creatorWithForm();
    const b = await creatorWithForm();
    const fromA = await create(a.who, a.form, 'shared-key');
    const fromB = await create(b.who, b.form, 'shared-key');
    expect(fromB.statusCode, fromB.body).toBe(201);
    expect(fromB.json().id).not.toBe(fromA.json().id);

    expect((await create(a.who, a.form)).statusCode).toBe(201);
    expect((await create(a.who, a.form)).statusCode).toBe(201);
    expect(await itemIdsOf(a.who.user.id)).toHaveLength(3);
  });

  it.each([['has space'], ['x'.repeat(101)], [''], ['ключ']])(
    'refuses a malformed key %j with 400 and stores nothing',
    async (key) => {
      const { who, form } = await creatorWithForm();
      const res = await create(who, form, key);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'idempotency_key_required',
        field: 'Idempotency-Key',
      });
      expect(await itemIdsOf(who.user.id)).toEqual([]);
    },
  );

  it('stores nothing under the key when the form is refused, so the key stays usable', async () => {
    const { who, form } = await creatorWithForm();
    const refused = await create(who, { ...form, price: 'free' }, 'create-3');
    expect(refused.statusCode).toBe(400);
    expect(await itemIdsOf(who.user.id)).toEqual([]);
    expect((await create(who, form, 'create-3')).statusCode).toBe(201);
  });
});
