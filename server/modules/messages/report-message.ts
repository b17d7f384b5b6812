import { and, eq } from 'drizzle-orm';
import type { Role } from '../../../common/rules/roles';
import type { ReportMessageRequest, ReportResponse } from '../../../common/schemas/reports';
import { authorize } from '../../auth/authorize';
import type { Database } from '../../db/client';
import type { EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { createReport } from '../reports/index';
import { conversationParticipants, messages } from './tables';

type Viewer = { id: string; role: Role };

/**
 * POST /api/v1/messages/report: a participant reports a message the other person sent them.
 * A message outside the viewer's conversations is answered like one that does not exist.
 */
export async function reportMessage(
  db: Database,
  viewer: Viewer,
  body: ReportMessageRequest,
  meta: EventMeta,
): Promise<ReportResponse & { created: boolean }> {
  authorize(viewer, 'report.create');
  const [message] = await db
    .select({ id: messages.id, senderId: messages.senderId })
    .from(messages)
    .innerJoin(
      conversationParticipants,
      and(
        eq(conversationParticipants.conversationId, messages.conversationId),
        eq(conversationParticipants.userId, viewer.id),
      ),
    )
    .where(eq(messages.id, Number(body.messageId)))
    .limit(1);
  if (!message) throw fail('message_not_found');
  if (message.senderId === viewer.id) throw fail('cannot_report_own_message');
  return db.transaction(async (tx) => {
    const { report, created } = await createReport(
      tx,
      viewer,
      { type: 'message', id: String(message.id), userId: message.senderId },
      body.reason,
      body.text ?? '',
      meta,
    );
    return { id: String(report.id), status: report.status, created };
  });
}

/**
 * A reported message as moderators see it (the admin area's reports screen): its text, who
 * sent it to whom and when. Null when it no longer exists.
 */
export async function messageForModeration(db: Database, messageId: string) {
  if (!/^[1-9]\d{0,15}$/.test(messageId)) return null;
  const [row] = await db
    .select({
      id: messages.id,
      text: messages.text,
      senderId: messages.senderId,
      recipientId: conversationParticipants.peerId,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .innerJoin(
      conversationParticipants,
      and(
        eq(conversationParticipants.conversationId, messages.conversationId),
        eq(conversationParticipants.userId, messages.senderId),
      ),
    )
    .where(eq(messages.id, Number(messageId)))
    .limit(1);
  return row ?? null;
}
