import type { ReactNode } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

interface ListLike {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch(): unknown;
}

/**
 * Loading, a failure with a retry, or the empty text; `children` once there is something to
 * show. A list that fails to load says so (SPEC §7 treats it as empty, which would hide an
 * outage: a deviation in docs/deviations.md).
 */
export function ListStatus({
  query,
  isEmpty,
  emptyText,
  testId,
  children,
}: {
  query: ListLike;
  isEmpty: boolean;
  emptyText: string;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <p className="aura-muted d-flex align-items-center gap-2" role="status">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        {t('admin.loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <Alert
        variant="danger"
        className="d-flex flex-wrap align-items-center gap-3"
        role="alert"
        data-testid={`${testId}-error`}
      >
        <span>{t('admin.loadError', { message: query.error?.message ?? '' })}</span>
        <Button size="sm" variant="outline-danger" onClick={() => void query.refetch()}>
          {t('admin.retry')}
        </Button>
      </Alert>
    );
  }
  if (isEmpty) {
    return (
      <p className="aura-muted" data-testid={`${testId}-empty`}>
        {emptyText}
      </p>
    );
  }
  return <>{children}</>;
}

/** The "load more" control under an infinite list. */
export function LoadMore({
  hasMore,
  isLoading,
  onLoad,
}: {
  hasMore: boolean;
  isLoading: boolean;
  onLoad(): void;
}) {
  const { t } = useTranslation();
  if (!hasMore) return null;
  return (
    <Button variant="outline-secondary" size="sm" disabled={isLoading} onClick={onLoad}>
      {isLoading ? t('admin.loadingMore') : t('admin.loadMore')}
    </Button>
  );
}
