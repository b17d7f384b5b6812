import { z } from 'zod';
import {
  DOMAIN_EVENT_TYPES,
  EVENT_DATA,
  type DomainEventData,
  type DomainEventType,
} from '../events';

/*
 * The audit log's read side (issue "one owner for every shared concept"): a stored row is parsed
 * through a union built from `EVENT_DATA`, the same schemas the writer's types come from, so a
 * new event type is readable, and must be translated (`audit.event.<type>`), the moment it is
 * written. Documenso's `parseDocumentAuditLogData` is the model. A row no schema accepts (written
 * before a change of its data, or by an older release) is shown as an unknown event, never
 * breaking the list.
 */

/** A row whose action or data no event schema accepts. */
export const UnknownAuditEvent = z.object({
  type: z.literal('unknown'),
  action: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type UnknownAuditEvent = z.infer<typeof UnknownAuditEvent>;

export type KnownAuditEvent = {
  [K in DomainEventType]: { type: K; data: DomainEventData[K] };
}[DomainEventType];

export type AuditEvent = KnownAuditEvent | UnknownAuditEvent;

const knownVariants = DOMAIN_EVENT_TYPES.map((type) =>
  z.object({ type: z.literal(type), data: EVENT_DATA[type] }),
);

// zod cannot infer a union built by `map`; the variants are exactly `KnownAuditEvent`'s.
export const AuditEvent = z.discriminatedUnion('type', [
  UnknownAuditEvent,
  ...knownVariants,
]) as unknown as z.ZodType<AuditEvent>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stored audit row's action and data as a typed event, or an unknown one. */
export function parseAuditEvent(action: string, data: unknown): AuditEvent {
  const parsed = AuditEvent.safeParse({ type: action, data });
  if (parsed.success && parsed.data.type !== 'unknown') return parsed.data;
  return { type: 'unknown', action, data: isRecord(data) ? data : {} };
}
