import { useDeferredValue, useState } from 'react';
import { Alert, Button, Card, Col, Form, InputGroup, Row, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ROLE_TOOL_FILTER } from '../../../../../common/rules/hub';
import { useHubUsers, type RoleFilter } from '../api/hub';
import { RoleToolRow } from './RoleToolRow';

const FILTERS = ['all', ...ROLE_TOOL_FILTER] as RoleFilter[];

/** SPEC §2 role tools: role filter, search by name or email with a clear button, the user table. */
export function RoleToolsPanel() {
  const { t } = useTranslation();
  const [role, setRole] = useState<RoleFilter>('all');
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const users = useHubUsers(role, q);
  const rows = users.data?.pages.flatMap((page) => page.users) ?? [];

  return (
    <Card as="section" aria-labelledby="hub-roles" data-testid="hub-roles">
      <Card.Body>
        <h2 id="hub-roles" className="h5">
          {t('masteraxis.roles.title')}
        </h2>
        <Row className="g-2 mb-3">
          <Col sm={4}>
            <Form.Select
              value={role}
              onChange={(event) => setRole(event.target.value as RoleFilter)}
              aria-label={t('masteraxis.roles.filter')}
            >
              {FILTERS.map((filter) => (
                <option key={filter} value={filter}>
                  {t(`masteraxis.roles.names.${filter}`)}
                </option>
              ))}
            </Form.Select>
          </Col>
          <Col sm={8}>
            <InputGroup>
              <Form.Control
                type="text"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                placeholder={t('masteraxis.roles.search')}
                aria-label={t('masteraxis.roles.search')}
                maxLength={100}
              />
              <Button
                variant="outline-secondary"
                onClick={() => setSearch('')}
                disabled={search === ''}
                aria-label={t('masteraxis.roles.clear')}
                title={t('masteraxis.roles.clear')}
              >
                ×
              </Button>
            </InputGroup>
          </Col>
        </Row>
        {users.isPending ? (
          <p role="status" className="aura-muted mb-0">
            {t('masteraxis.loading')}
          </p>
        ) : users.isError ? (
          <Alert variant="danger" className="mb-0">
            {t('masteraxis.loadError', { message: users.error.message })}
          </Alert>
        ) : rows.length === 0 ? (
          <p className="aura-muted mb-0" data-testid="hub-no-users">
            {t('masteraxis.roles.noUsers')}
          </p>
        ) : (
          <>
            <Table
              responsive
              size="sm"
              className="mb-2 align-middle"
              data-testid="hub-user-table"
              aria-busy={users.isPlaceholderData}
            >
              <thead>
                <tr>
                  <th scope="col">{t('masteraxis.roles.columns.name')}</th>
                  <th scope="col">{t('masteraxis.roles.columns.email')}</th>
                  <th scope="col">{t('masteraxis.roles.columns.role')}</th>
                  <th scope="col">{t('masteraxis.roles.columns.active')}</th>
                  <th scope="col">{t('masteraxis.roles.columns.changeRole')}</th>
                  <th scope="col">{t('masteraxis.roles.columns.toggle')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('masteraxis.roles.saved')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((user) => (
                  <RoleToolRow key={user.id} user={user} />
                ))}
              </tbody>
            </Table>
            {users.hasNextPage && (
              <Button
                variant="outline-secondary"
                size="sm"
                onClick={() => void users.fetchNextPage()}
                disabled={users.isFetchingNextPage || users.isPlaceholderData}
              >
                {t('masteraxis.loadMore')}
              </Button>
            )}
          </>
        )}
      </Card.Body>
    </Card>
  );
}
