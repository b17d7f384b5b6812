import type { Role } from '../../../common/rules/roles';
import type { CreateReportRequest } from '../../../common/schemas/reports';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { commentSummary, findVisibleItem, parseItemId } from '../items/index';
import { accountState, mayViewProfile } from '../users/index';
import type { ReportTarget } from './service';

type Reporter = { id: string; role: Role };

/**
 * The target of a report from the report button, as the reporter may see it (else 404, like
 * any unknown target), with the person it is about. Nobody reports themselves.
 */
export async function reportTargetOf(
  db: Db,
  reporter: Reporter,
  body: Pick<CreateReportRequest, 'targetType' | 'targetId'>,
): Promise<ReportTarget> {
  switch (body.targetType) {
    case 'item': {
      const { item } = await findVisibleItem(db, reporter, body.targetId);
      if (item.creatorId === reporter.id) throw fail('cannot_report_own');
      return { type: 'item', id: String(item.id), userId: item.creatorId };
    }
    case 'comment': {
      const id = parseItemId(body.targetId);
      const comment = id === null ? null : await commentSummary(db, id);
      if (!comment) throw fail('comment_not_found');
      // A comment is as visible as its item.
      await findVisibleItem(db, reporter, String(comment.itemId));
      if (comment.authorId === reporter.id) throw fail('cannot_report_own');
      return { type: 'comment', id: String(comment.id), userId: comment.authorId };
    }
    case 'user': {
      const user = isUuid(body.targetId) ? await accountState(db, { id: body.targetId }) : null;
      if (!user || !mayViewProfile(reporter, user)) throw fail('user_not_found');
      if (user.id === reporter.id) throw fail('cannot_report_own');
      return { type: 'user', id: user.id, userId: user.id };
    }
  }
}
