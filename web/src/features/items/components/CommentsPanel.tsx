import { useId, useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { ItemComment } from '../../../../../common/schemas/feed';
import { useAddComment, useComments } from '../api/items';
import { ReportButton } from '../../reports/components/ReportButton';
import { CommentForm } from './CommentForm';

interface CommentsPanelProps {
  itemId: number;
  /** The latest comments the feed post carries, oldest first. */
  latest: ItemComment[];
  count: number;
  /** Signed-out readers see the comments without the form (writing one needs an account). */
  canComment?: boolean;
}

/**
 * A post's comments: the latest few come with the post, the whole list loads on request, so a
 * feed page does not ask for twenty comment lists. Text is rendered as text, never as HTML.
 */
export function CommentsPanel({ itemId, latest, count, canComment = true }: CommentsPanelProps) {
  const { t } = useTranslation();
  const listId = useId();
  const [showAll, setShowAll] = useState(false);
  const all = useComments(itemId, showAll);
  const add = useAddComment(itemId);
  const shown = showAll && all.data ? all.data.comments : latest;
  const hasMore = !showAll && count > latest.length;

  return (
    <section aria-label={t('discover.comments')} data-testid="comments">
      <h2 className="h6 mb-2" data-testid="comments-count">
        {t('discover.commentsCount', { value: count })}
      </h2>
      {count === 0 ? (
        <p className="small text-muted mb-0">{t('discover.noComments')}</p>
      ) : (
        <ul id={listId} className="list-unstyled mb-0" data-testid="comment-list">
          {shown.map((comment) => (
            <li key={comment.id} className="small mb-1">
              <span className="fw-semibold">{comment.user}</span>{' '}
              <span style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {comment.text}
              </span>{' '}
              <ReportButton
                subject={{ targetType: 'comment', targetId: String(comment.id) }}
                ownerId={comment.userId}
                label={t('report.commentLabel', { user: comment.user })}
                className="align-baseline small"
              />
            </li>
          ))}
        </ul>
      )}
      {hasMore && (
        <Button
          variant="link"
          size="sm"
          className="p-0"
          aria-controls={listId}
          onClick={() => setShowAll(true)}
        >
          {t('discover.showAllComments', { value: count })}
        </Button>
      )}
      {showAll && all.isPending && (
        <Spinner
          animation="border"
          size="sm"
          role="status"
          aria-label={t('discover.loadingComments')}
        />
      )}
      {showAll && all.isError && (
        <p className="small text-danger mb-0" role="alert">
          {t('discover.commentsError')}
        </p>
      )}
      {canComment && (
        <CommentForm isPending={add.isPending} onSubmit={(text) => add.mutateAsync(text)} />
      )}
      {add.isError && (
        <p className="small text-danger mt-1 mb-0" role="alert">
          {t('discover.commentError', { reason: add.error.message })}
        </p>
      )}
    </section>
  );
}
