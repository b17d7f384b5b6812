import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DomainEventType } from '../../../common/events';
import type { CreateReportResponse } from '../../../common/schemas/reports';
import { auditEvents } from '../../db/schema/index';
import type { TestApp } from '../../test/app';
import { createItem, createUser, type TestUser } from '../../test/factories';

/** Builders shared by the admin and reports API tests. */

/** Files a report through the API: by `fan` (a fresh user by default) about an item. */
export async function fileReportFor(
  t: TestApp,
  options: { fan?: TestUser; itemId?: number; reason?: string; text?: string } = {},
): Promise<CreateReportResponse> {
  const fan = options.fan ?? (await createUser(t));
  const itemId =
    options.itemId ?? (await createItem(t, await createUser(t, { role: 'creator' }))).id;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/reports',
    headers: fan.auth,
    payload: {
      targetType: 'item',
      targetId: String(itemId),
      reason: options.reason ?? 'spam',
      text: options.text ?? 'Posted the same thing ten times',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The audit rows of one subject, oldest first. */
export async function auditOf(t: TestApp, subjectId: string, action?: DomainEventType) {
  return t.db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.subjectId, subjectId),
        action ? eq(auditEvents.action, action) : undefined,
      ),
    )
    .orderBy(auditEvents.id);
}

/** How many audit rows exist past a given id: what one action wrote. */
export async function auditRowsSince(t: TestApp, afterId: number) {
  return t.db
    .select()
    .from(auditEvents)
    .where(sql`${auditEvents.id} > ${afterId}`)
    .orderBy(auditEvents.id);
}

export async function lastAuditId(t: TestApp): Promise<number> {
  const [row] = await t.db
    .select({ id: sql<number>`coalesce(max(${auditEvents.id}), 0)::int` })
    .from(auditEvents);
  return row?.id ?? 0;
}

export const inject = (
  t: TestApp,
  who: TestUser | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: who?.auth ?? {},
    ...(payload === undefined ? {} : { payload }),
  });
