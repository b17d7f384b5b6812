import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { ReportReason } from '../../common/schemas/reports';
import { itemComments, items, users } from '../db/schema/index';
import { systemMeta } from '../events/record';
import { issueWarning } from '../modules/admin/index';
import { createReport, type ReportTarget } from '../modules/reports/index';
import { DEMO_CREATORS } from './content-catalogue';
import type { SeedContext, SeedReport } from './index';

const HOUR = 3_600_000;

/**
 * Demo moderation (issue 14): a few open reports from the demo fans and a few warnings from the
 * demo moderator, about the catalogue creators (not the demo_* accounts, whose screens other
 * demos start from), so the admin screens are alive on the first start. Written through the
 * reports and admin modules, with their audit events, like any other report or warning.
 */
export async function seedModeration(ctx: SeedContext, report: SeedReport): Promise<void> {
  const people = await ctx.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['demo_user', 'demo_hypr', 'demo_moderator']));
  const idOf = (username: string) => people.find((p) => p.username === username)?.id;
  const fan = idOf('demo_user');
  const member = idOf('demo_hypr');
  const moderator = idOf('demo_moderator');
  if (!fan || !member || !moderator) return;

  const catalogue = await ctx.db
    .select({ id: items.id, creatorId: items.creatorId })
    .from(items)
    .innerJoin(users, eq(users.id, items.creatorId))
    .where(
      inArray(
        users.username,
        DEMO_CREATORS.map((c) => c.username),
      ),
    )
    .orderBy(asc(items.id))
    .limit(40);
  // Five items of five different creators.
  const picked = catalogue
    .filter((item, i) => catalogue.findIndex((c) => c.creatorId === item.creatorId) === i)
    .slice(0, 5);
  if (picked.length < 5) return;
  const [copied, repeated, scammer, explicit, promoter] = picked as [
    (typeof picked)[0],
    (typeof picked)[0],
    (typeof picked)[0],
    (typeof picked)[0],
    (typeof picked)[0],
  ];
  const [rude] = await ctx.db
    .select({ id: itemComments.id, authorId: itemComments.authorId })
    .from(itemComments)
    .where(and(ne(itemComments.authorId, fan), ne(itemComments.authorId, member)))
    .orderBy(asc(itemComments.id))
    .limit(1);

  const now = ctx.clock.now().getTime();
  const reports: [string, ReportTarget, ReportReason, string, number][] = [
    [
      fan,
      { type: 'item', id: String(copied.id), userId: copied.creatorId },
      'copyright',
      'This cover looks exactly like a photo I posted last year.',
      30,
    ],
    [
      member,
      { type: 'item', id: String(repeated.id), userId: repeated.creatorId },
      'spam',
      'The same loop is uploaded three times under different titles.',
      20,
    ],
    [
      member,
      { type: 'user', id: scammer.creatorId, userId: scammer.creatorId },
      'scam',
      'Asked me to pay outside the platform for the full pack.',
      8,
    ],
  ];
  if (rude) {
    reports.push([
      fan,
      { type: 'comment', id: String(rude.id), userId: rude.authorId },
      'harassment',
      'A rude reply to another fan.',
      3,
    ]);
  }
  for (const [reporter, target, reason, text, hoursAgo] of reports) {
    await ctx.db.transaction((tx) =>
      createReport(
        tx,
        { id: reporter },
        target,
        reason,
        text,
        systemMeta(new Date(now - hoursAgo * HOUR)),
      ),
    );
  }

  const warnings = [
    {
      userId: explicit.creatorId,
      itemId: explicit.id,
      reason: 'Explicit content must be marked as explicit.',
      hoursAgo: 50,
    },
    {
      userId: promoter.creatorId,
      itemId: null,
      reason: 'Repeated self-promotion in other creators’ comments.',
      hoursAgo: 26,
    },
  ];
  for (const w of warnings) {
    await ctx.db.transaction((tx) =>
      issueWarning(
        tx,
        { userId: w.userId, itemId: w.itemId, reason: w.reason },
        { id: moderator },
        systemMeta(new Date(now - w.hoursAgo * HOUR)),
      ),
    );
  }
  report.lines.push(
    `Demo moderation: ${reports.length} open reports and ${warnings.length} warnings (sign in as demo_moderator).`,
  );
}
