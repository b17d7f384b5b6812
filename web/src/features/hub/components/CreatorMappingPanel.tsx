import { useDeferredValue, useState } from 'react';
import { Alert, Button, Card, Form, Row, Col, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useHubCreators, type CreatorStatusFilter } from '../api/hub';
import { AdminStatusBadge } from './Badges';

const FILTERS: CreatorStatusFilter[] = ['all', 'active', 'pending', 'suspended'];

/** SPEC §2 creator mapping: case-insensitive search, the status filter and the creator table. */
export function CreatorMappingPanel() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<CreatorStatusFilter>('all');
  // The server searches; a deferred value keeps typing smooth while a page loads.
  const q = useDeferredValue(search.trim());
  const creators = useHubCreators(q, status);
  const rows = creators.data?.pages.flatMap((page) => page.creators) ?? [];
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });

  return (
    <Card as="section" aria-labelledby="hub-creators" data-testid="hub-creators">
      <Card.Body>
        <h2 id="hub-creators" className="h5">
          {t('masteraxis.creators.title')}
        </h2>
        <Row className="g-2 mb-3">
          <Col sm={8}>
            <Form.Control
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t('masteraxis.creators.search')}
              aria-label={t('masteraxis.creators.search')}
              maxLength={100}
            />
          </Col>
          <Col sm={4}>
            <Form.Select
              value={status}
              onChange={(event) => setStatus(event.target.value as CreatorStatusFilter)}
              aria-label={t('masteraxis.creators.statusFilter')}
            >
              {FILTERS.map((filter) => (
                <option key={filter} value={filter}>
                  {t(`masteraxis.statuses.${filter}`)}
                </option>
              ))}
            </Form.Select>
          </Col>
        </Row>
        {creators.isPending ? (
          <p role="status" className="aura-muted mb-0">
            {t('masteraxis.loading')}
          </p>
        ) : creators.isError ? (
          <Alert variant="danger" className="mb-0">
            {t('masteraxis.loadError', { message: creators.error.message })}
          </Alert>
        ) : rows.length === 0 ? (
          <p className="aura-muted mb-0" data-testid="hub-no-creators">
            {t('masteraxis.noCreatorsFound')}
          </p>
        ) : (
          <>
            <Table
              responsive
              size="sm"
              className="mb-2"
              data-testid="hub-creator-table"
              aria-busy={creators.isPlaceholderData}
            >
              <thead>
                <tr>
                  <th scope="col">{t('masteraxis.creators.columns.name')}</th>
                  <th scope="col">{t('masteraxis.creators.columns.username')}</th>
                  <th scope="col">{t('masteraxis.creators.columns.status')}</th>
                  <th scope="col" className="text-end">
                    {t('masteraxis.creators.columns.followers')}
                  </th>
                  <th
                    scope="col"
                    className="text-end"
                    title={t('masteraxis.creators.engagementHint')}
                  >
                    {t('masteraxis.creators.columns.engagement')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((creator) => (
                  <tr key={creator.id}>
                    <td>{creator.name}</td>
                    <td>@{creator.username}</td>
                    <td>
                      <AdminStatusBadge status={creator.status} />
                    </td>
                    <td className="text-end">{number.format(creator.followers)}</td>
                    <td className="text-end">{number.format(creator.engagement)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <p className="small aura-muted">{t('masteraxis.creators.engagementHint')}</p>
            {creators.hasNextPage && (
              <Button
                variant="outline-secondary"
                size="sm"
                onClick={() => void creators.fetchNextPage()}
                disabled={creators.isFetchingNextPage || creators.isPlaceholderData}
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
