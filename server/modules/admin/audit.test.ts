import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEventType } from '../../../common/events';
import { auditEvents } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';
import { inject } from './test-helpers';

/*
 * The audit log is typed on both sides: the table refuses an action that is no event type
 * (audit_events_action_check), and the admin list answers each row as a parsed event, with a
 * row no schema accepts (an older data shape) shown as an unknown event rather than failing.
 */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const auditOfSubject = async (subjectId: string) => {
  const res = await inject(
    t,
    admin,
    'GET',
    `/api/v1/admin/audit?subjectType=user&subjectId=${subjectId}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().events as { action: string; event: unknown }[];
};

describe('the audit table and its read side', () => {
  it('refuses to store an action that is no event type', async () => {
    const insert = t.db.insert(auditEvents).values({
      action: 'user.made_up' as DomainEventType,
      subjectType: 'user',
      subjectId: admin.user.id,
    });
    await expect(insert).rejects.toThrow();
    // Only the account's own sign-up (test/factories.ts).
    expect((await auditOfSubject(admin.user.id)).map((e) => e.action)).toEqual(['account.created']);
  });

  it('answers each row as its typed event, and a row of an older shape as an unknown one', async () => {
    const subject = await createUser(t);
    await t.db.insert(auditEvents).values([
      {
        action: 'user.suspended',
        subjectType: 'user',
        subjectId: subject.user.id,
        data: { reason: 'Spam', extra: 'dropped' },
      },
      {
        action: 'user.warned',
        subjectType: 'user',
        subjectId: subject.user.id,
        data: { note: 'an older shape' },
      },
    ]);
    const events = await auditOfSubject(subject.user.id);
    expect(events.map((e) => [e.action, e.event])).toEqual([
      ['user.warned', { type: 'unknown', action: 'user.warned', data: { note: 'an older shape' } }],
      ['user.suspended', { type: 'user.suspended', data: { reason: 'Spam' } }],
      ['account.created', { type: 'account.created', data: { via: 'auth', newsletter: false } }],
    ]);
  });
});
