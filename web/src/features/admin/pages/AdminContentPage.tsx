import { useState } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAdminContent, type ContentFilters } from '../api/admin';
import { AdminDialogs } from '../components/AdminDialogs';
import { ContentTable } from '../components/ContentTable';
import { ListStatus, LoadMore } from '../components/ListStatus';
import { useAdminActions } from '../components/useAdminActions';

/**
 * SPEC §2 /admin/content (moderation): id, title, creator, sales, warn; search, filters, hide.
 * A warning reloads the data and goes to /admin/reports, as the SPEC's second reading has it.
 */
export default function AdminContentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<ContentFilters>({ q: '', visibility: '', reported: '' });
  const [search, setSearch] = useState('');
  const content = useAdminContent(filters);
  const actions = useAdminActions({
    onContentWarned: () => navigate('/admin/reports'),
  });
  const rows = content.data?.pages.flatMap((page) => page.items) ?? [];
  const abilities = content.data?.pages[0]?.abilities;

  return (
    <div className="d-flex flex-column gap-3">
      <h1 className="h3 mb-0">{t('admin.content.title')}</h1>
      <Form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters({ ...filters, q: search.trim() });
        }}
      >
        <Row className="g-2 align-items-end">
          <Col md={4}>
            <Form.Group controlId="admin-content-search">
              <Form.Label>{t('admin.search')}</Form.Label>
              <Form.Control
                type="search"
                value={search}
                maxLength={100}
                placeholder={t('admin.content.searchPlaceholder')}
                onChange={(event) => setSearch(event.target.value)}
              />
            </Form.Group>
          </Col>
          <Col xs="auto">
            <Button type="submit">{t('admin.search')}</Button>
          </Col>
          <Col md={3}>
            <Form.Group controlId="admin-content-visibility">
              <Form.Label>{t('admin.content.visibilityFilter')}</Form.Label>
              <Form.Select
                value={filters.visibility}
                onChange={(event) => setFilters({ ...filters, visibility: event.target.value })}
              >
                <option value="">{t('admin.content.anyVisibility')}</option>
                <option value="visible">{t('admin.content.visibleOnly')}</option>
                <option value="hidden">{t('admin.content.hiddenOnly')}</option>
              </Form.Select>
            </Form.Group>
          </Col>
          <Col md={3}>
            <Form.Group controlId="admin-content-reported">
              <Form.Label>{t('admin.content.reportedFilter')}</Form.Label>
              <Form.Select
                value={filters.reported}
                onChange={(event) => setFilters({ ...filters, reported: event.target.value })}
              >
                <option value="">{t('admin.content.anyReports')}</option>
                <option value="true">{t('admin.content.reportedOnly')}</option>
                <option value="false">{t('admin.content.unreportedOnly')}</option>
              </Form.Select>
            </Form.Group>
          </Col>
        </Row>
      </Form>
      <AdminDialogs actions={actions} />
      <ListStatus
        query={content}
        isEmpty={rows.length === 0}
        emptyText={t('admin.content.empty')}
        testId="admin-content"
      >
        {abilities && (
          <ContentTable
            rows={rows}
            abilities={abilities}
            onWarn={actions.askWarnContent}
            onHiding={actions.askHiding}
            showViews={false}
          />
        )}
        <LoadMore
          hasMore={content.hasNextPage}
          isLoading={content.isFetchingNextPage}
          onLoad={() => void content.fetchNextPage()}
        />
      </ListStatus>
    </div>
  );
}
