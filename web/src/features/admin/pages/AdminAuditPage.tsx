import { useState } from 'react';
import { Button, Col, Form, Row, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { SUBJECT_TYPES } from '../../../../../common/events';
import { useAuditLog, type AuditFilters } from '../api/admin';
import { auditEventText } from '../components/audit-event-text';
import { ListStatus, LoadMore } from '../components/ListStatus';

const NO_FILTERS: AuditFilters = { actor: '', subjectType: '', subjectId: '', action: '' };

/** The audit trail (issue 14, admins): who did what to what, from where, newest first. */
export default function AdminAuditPage() {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<AuditFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const audit = useAuditLog(filters);
  const rows = audit.data?.pages.flatMap((page) => page.events) ?? [];
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  const field = (name: keyof AuditFilters) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) =>
      setDraft({ ...draft, [name]: event.target.value }),
  });

  return (
    <div className="d-flex flex-column gap-3">
      <h1 className="h3 mb-0">{t('admin.audit.title')}</h1>
      <Form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters({
            actor: draft.actor.trim(),
            subjectType: draft.subjectType,
            subjectId: draft.subjectId.trim(),
            action: draft.action.trim(),
          });
        }}
      >
        <Row className="g-2 align-items-end">
          <Col md={3}>
            <Form.Group controlId="audit-actor">
              <Form.Label>{t('admin.audit.actor')}</Form.Label>
              <Form.Control maxLength={64} {...field('actor')} />
            </Form.Group>
          </Col>
          <Col md={2}>
            <Form.Group controlId="audit-subject-type">
              <Form.Label>{t('admin.audit.subjectType')}</Form.Label>
              <Form.Select {...field('subjectType')}>
                <option value="">{t('admin.audit.anySubject')}</option>
                {SUBJECT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col md={2}>
            <Form.Group controlId="audit-subject-id">
              <Form.Label>{t('admin.audit.subjectId')}</Form.Label>
              <Form.Control maxLength={64} {...field('subjectId')} />
            </Form.Group>
          </Col>
          <Col md={3}>
            <Form.Group controlId="audit-action">
              <Form.Label>{t('admin.audit.action')}</Form.Label>
              <Form.Control maxLength={64} placeholder="user.warned" {...field('action')} />
            </Form.Group>
          </Col>
          <Col xs="auto" className="d-flex gap-2">
            <Button type="submit">{t('admin.audit.apply')}</Button>
            <Button
              variant="outline-secondary"
              onClick={() => {
                setDraft(NO_FILTERS);
                setFilters(NO_FILTERS);
              }}
            >
              {t('admin.audit.clear')}
            </Button>
          </Col>
        </Row>
      </Form>
      <ListStatus
        query={audit}
        isEmpty={rows.length === 0}
        emptyText={t('admin.audit.empty')}
        testId="admin-audit"
      >
        <Table responsive size="sm" className="align-middle small" data-testid="admin-audit-table">
          <thead>
            <tr>
              <th scope="col">{t('admin.audit.columns.time')}</th>
              <th scope="col">{t('admin.audit.columns.actor')}</th>
              <th scope="col">{t('admin.audit.columns.action')}</th>
              <th scope="col">{t('admin.audit.columns.subject')}</th>
              <th scope="col">{t('admin.audit.columns.details')}</th>
              <th scope="col">{t('admin.audit.columns.from')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((entry) => (
              <tr key={entry.id}>
                <td className="text-nowrap">{time.format(new Date(entry.at))}</td>
                <td>
                  {entry.actor ??
                    (entry.actorId ? entry.actorId.slice(0, 8) : t('admin.audit.system'))}
                </td>
                <td>
                  <code>{entry.action}</code>
                </td>
                <td className="text-break">
                  {entry.subjectType} {entry.subjectId}
                </td>
                <td
                  style={{ overflowWrap: 'anywhere', maxWidth: '24rem' }}
                  data-testid="audit-event"
                >
                  {auditEventText(t, entry.event, i18n.language)}
                </td>
                <td className="text-break">{entry.ip ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </Table>
        <LoadMore
          hasMore={audit.hasNextPage}
          isLoading={audit.isFetchingNextPage}
          onLoad={() => void audit.fetchNextPage()}
        />
      </ListStatus>
    </div>
  );
}
