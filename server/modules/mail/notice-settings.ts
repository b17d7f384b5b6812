import { and, eq } from 'drizzle-orm';
import { NOTICE_KINDS, type NoticeKind } from '../../../common/rules/locales';
import type { NoticeSettings, NoticeSettingsPatch } from '../../../common/schemas/mail';
import { authorize } from '../../auth/authorize';
import type { Actor } from '../../../common/rules/permissions';
import type { Database, Db } from '../../db/client';
import { recordEvent, type EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { unsubscribeFromCreator } from './newsletter-preferences';
import { noticeOptOuts } from './tables';
import { readUnsubscribeToken } from './tokens';

/*
 * Notice switches (issue 16): every notice kind is on until its owner switches it off, in
 * account settings or with a mail's one-click unsubscribe link.
 */

async function settingsOf(db: Db, userId: string): Promise<NoticeSettings> {
  const off = await db
    .select({ kind: noticeOptOuts.kind })
    .from(noticeOptOuts)
    .where(eq(noticeOptOuts.userId, userId));
  const offKinds = new Set(off.map((o) => o.kind));
  return Object.fromEntries(NOTICE_KINDS.map((k) => [k, !offKinds.has(k)])) as NoticeSettings;
}

/** GET /api/v1/users/notices. */
export async function noticeSettings(db: Database, actor: Actor | null): Promise<NoticeSettings> {
  authorize(actor, 'account.edit', { ownerId: actor?.id ?? '' });
  return settingsOf(db, actor.id);
}

async function setNotice(
  tx: Db,
  userId: string,
  kind: NoticeKind,
  on: boolean,
  at: Date,
): Promise<void> {
  if (on) {
    await tx
      .delete(noticeOptOuts)
      .where(and(eq(noticeOptOuts.userId, userId), eq(noticeOptOuts.kind, kind)));
  } else {
    await tx.insert(noticeOptOuts).values({ userId, kind, createdAt: at }).onConflictDoNothing();
  }
}

/** PATCH /api/v1/users/notices: switches the given kinds on or off. */
export async function updateNoticeSettings(
  db: Database,
  actor: Actor | null,
  patch: NoticeSettingsPatch,
  meta: EventMeta,
): Promise<NoticeSettings> {
  authorize(actor, 'account.edit', { ownerId: actor?.id ?? '' });
  return db.transaction(async (tx) => {
    const kinds = NOTICE_KINDS.filter((k) => patch[k] !== undefined);
    for (const kind of kinds) await setNotice(tx, actor.id, kind, patch[kind]!, meta.at);
    if (kinds.length > 0) {
      await recordEvent(
        tx,
        actor,
        {
          type: 'account.updated',
          subjectId: actor.id,
          data: { fields: kinds.map((k) => `notices.${k}`) },
        },
        meta,
        { audience: [actor.id] },
      );
    }
    return settingsOf(tx, actor.id);
  });
}

/**
 * POST /api/v1/mail/unsubscribe (no sign-in): a genuine signed token switches off its own user's
 * one notice kind, or a new-post mail's token that person's mails about one creator; anything else is refused and changes nothing.
 */
export async function unsubscribe(
  db: Database,
  key: Buffer,
  token: string,
  meta: EventMeta,
): Promise<{ message: string; kind: NoticeKind | 'newItems'; creatorId?: string }> {
  const creator = await unsubscribeFromCreator(db, key, token, meta);
  if (creator) return { message: 'Unsubscribed', kind: 'newItems', creatorId: creator.creatorId };
  const target = readUnsubscribeToken(key, token);
  if (!target) throw fail('mail_link_invalid');
  await db.transaction(async (tx) => {
    await setNotice(tx, target.userId, target.kind, false, meta.at);
    await recordEvent(
      tx,
      { id: target.userId },
      {
        type: 'account.updated',
        subjectId: target.userId,
        data: { fields: [`notices.${target.kind}`] },
      },
      meta,
      { audience: [target.userId] },
    );
  });
  return { message: 'Unsubscribed', kind: target.kind };
}
