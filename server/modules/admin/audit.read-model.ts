import { and, desc, eq, like, lt, type SQL } from 'drizzle-orm';
import type { DomainEventType } from '../../../common/events';
import type { Actor } from '../../../common/rules/permissions';
import type { AuditPage, AuditQuery } from '../../../common/schemas/admin';
import { parseAuditEvent } from '../../../common/schemas/audit-event';
import { authorize } from '../../auth/authorize';
import type { Db } from '../../db/client';
import { auditEvents, users } from '../../db/schema/index';
import { fail } from '../../http/errors';
import { idCursor } from '../../http/cursor';
import { isUuid } from '../../http/ids';
import { accountState } from '../users/index';

/*
 * Read model of the audit page: the audit log (server/events) with the username of each
 * event's actor, joined in the page's one statement.
 */

/** The actor filter: a user id as given, or the id behind a username; null matches nobody. */
async function actorIdOf(db: Db, actor: string): Promise<string | null> {
  if (isUuid(actor)) return actor;
  return (await accountState(db, { username: actor }))?.id ?? null;
}

/**
 * GET /api/v1/admin/audit (issue 14, admins): the audit trail newest first, by keyset over the
 * id, filterable by actor (id or username), subject (type and id) and action (or a prefix such
 * as `user.`). Each filter has its index (audit_events_actor_idx, _subject_idx, _action_idx).
 */
export async function auditPage(db: Db, actor: Actor, query: AuditQuery): Promise<AuditPage> {
  authorize(actor, 'admin.audit.read');
  const before = idCursor.decode(query.cursor)?.[0] ?? null;
  if (query.subjectId && !query.subjectType) {
    throw fail('audit_subject_type_required', undefined, { field: 'subjectId' });
  }
  const actorId = query.actor ? await actorIdOf(db, query.actor) : undefined;
  if (actorId === null) return { events: [], nextCursor: null };
  const action = query.action;
  const filters: (SQL | undefined)[] = [
    actorId ? eq(auditEvents.actorId, actorId) : undefined,
    query.subjectType ? eq(auditEvents.subjectType, query.subjectType) : undefined,
    query.subjectId ? eq(auditEvents.subjectId, query.subjectId) : undefined,
    action
      ? action.endsWith('.')
        ? like(auditEvents.action, `${action}%`)
        : eq(auditEvents.action, action as DomainEventType)
      : undefined,
    before === null ? undefined : lt(auditEvents.id, before),
  ];
  const rows = await db
    .select({ event: auditEvents, actor: users.username })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(and(...filters))
    .orderBy(desc(auditEvents.id))
    .limit(query.limit + 1);
  const { page, nextCursor } = idCursor.page(rows, query.limit, (r) => [r.event.id]);
  return {
    events: page.map(({ event, actor: name }) => ({
      id: event.id,
      at: event.createdAt.toISOString(),
      actorId: event.actorId,
      actor: name,
      action: event.action,
      subjectType: event.subjectType,
      subjectId: event.subjectId,
      event: parseAuditEvent(event.action, event.data),
      ip: event.ip,
      userAgent: event.userAgent,
      requestId: event.requestId,
    })),
    nextCursor,
  };
}
