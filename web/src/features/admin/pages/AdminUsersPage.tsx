import { useState } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ROLES } from '../../../../../common/rules/roles';
import { USER_STATUSES } from '../../../../../common/schemas/users';
import { useAdminUsers, type UserFilters } from '../api/admin';
import { AdminDialogs } from '../components/AdminDialogs';
import { ListStatus, LoadMore } from '../components/ListStatus';
import { useAdminActions } from '../components/useAdminActions';
import { UsersTable } from '../components/UsersTable';

/** SPEC §2 /admin/users: search, role and status filters, paging, warn and suspend. */
export default function AdminUsersPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<UserFilters>({ q: '', role: '', status: '' });
  const [search, setSearch] = useState('');
  const users = useAdminUsers(filters);
  const actions = useAdminActions();
  const rows = users.data?.pages.flatMap((page) => page.users) ?? [];
  const abilities = users.data?.pages[0]?.abilities;

  return (
    <div className="d-flex flex-column gap-3">
      <h1 className="h3 mb-0">{t('admin.users.title')}</h1>
      <Form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters({ ...filters, q: search.trim() });
        }}
      >
        <Row className="g-2 align-items-end">
          <Col md={5}>
            <Form.Group controlId="admin-users-search">
              <Form.Label>{t('admin.search')}</Form.Label>
              <Form.Control
                type="search"
                value={search}
                maxLength={100}
                placeholder={t('admin.users.searchPlaceholder')}
                onChange={(event) => setSearch(event.target.value)}
              />
            </Form.Group>
          </Col>
          <Col xs="auto">
            <Button type="submit">{t('admin.search')}</Button>
          </Col>
          <Col md={2}>
            <Form.Group controlId="admin-users-role">
              <Form.Label>{t('admin.users.roleFilter')}</Form.Label>
              <Form.Select
                value={filters.role}
                onChange={(event) => setFilters({ ...filters, role: event.target.value })}
              >
                <option value="">{t('admin.anyRole')}</option>
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {t(`dashboard.roles.${role}`)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col md={2}>
            <Form.Group controlId="admin-users-status">
              <Form.Label>{t('admin.users.statusFilter')}</Form.Label>
              <Form.Select
                value={filters.status}
                onChange={(event) => setFilters({ ...filters, status: event.target.value })}
              >
                <option value="">{t('admin.anyStatus')}</option>
                {USER_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`admin.statuses.${status}`)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
        </Row>
      </Form>
      <AdminDialogs actions={actions} />
      <ListStatus
        query={users}
        isEmpty={rows.length === 0}
        emptyText={t('admin.users.empty')}
        testId="admin-users"
      >
        {abilities && (
          <UsersTable
            rows={rows}
            abilities={abilities}
            onWarn={actions.askWarnUser}
            onSuspension={actions.askSuspension}
          />
        )}
        <LoadMore
          hasMore={users.hasNextPage}
          isLoading={users.isFetchingNextPage}
          onLoad={() => void users.fetchNextPage()}
        />
      </ListStatus>
    </div>
  );
}
