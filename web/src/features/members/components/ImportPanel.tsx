import { useState } from 'react';
import { Alert, Button, Col, Form, ProgressBar, Row, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import {
  COMP_MAX_MONTHS,
  IMPORT_MAX_ROWS,
  type CompTier,
  type MemberImportReport,
} from '../../../../../common/schemas/members';
import { importMembersFile, useMemberImport, useRefreshMembers } from '../api/members';

type Step =
  | { name: 'idle' }
  | { name: 'uploading'; percent: number; dryRun: boolean }
  | { name: 'checked'; report: MemberImportReport }
  | { name: 'queued'; report: MemberImportReport }
  | { name: 'failed'; reason: string };

/**
 * The member import (issue 42): a CSV in Ghost's member export columns is first checked (a dry
 * run: the report says who would be invited, who already has an account, which lines are
 * refused and why), then confirmed; both uploads show their progress.
 */
export function ImportPanel() {
  const { t } = useTranslation();
  const refresh = useRefreshMembers();
  const [file, setFile] = useState<File | null>(null);
  const [giveComp, setGiveComp] = useState(false);
  const [tier, setTier] = useState<CompTier>('Hypr');
  const [months, setMonths] = useState(1);
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const comp = giveComp ? { tier, months } : null;

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setStep({ name: 'uploading', percent: 0, dryRun });
    try {
      const report = await importMembersFile(file, {
        dryRun,
        comp,
        onProgress: (percent) => setStep({ name: 'uploading', percent, dryRun }),
      });
      setStep(dryRun ? { name: 'checked', report } : { name: 'queued', report });
      if (!dryRun) void refresh();
    } catch (error) {
      setStep({ name: 'failed', reason: error instanceof Error ? error.message : String(error) });
    }
  };

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setStep({ name: 'idle' });
  };

  return (
    <div className="card card-body" data-testid="import-panel">
      <h3 className="h6">{t('members.import.title')}</h3>
      <p className="small text-muted">
        {t('members.import.help', { rows: IMPORT_MAX_ROWS.toLocaleString() })}
      </p>
      <Form.Group className="mb-2">
        <Form.Label htmlFor="import-file">{t('members.import.file')}</Form.Label>
        <Form.Control
          id="import-file"
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => choose((e.target as HTMLInputElement).files?.[0] ?? null)}
        />
      </Form.Group>
      <Form.Check
        id="import-comp"
        type="switch"
        className="mb-2"
        label={t('members.import.giveComp')}
        checked={giveComp}
        onChange={(e) => {
          setGiveComp(e.target.checked);
          setStep({ name: 'idle' });
        }}
      />
      {giveComp && (
        <Row className="g-2 mb-2">
          <Col xs={6} md={3}>
            <Form.Label htmlFor="import-tier">{t('members.tier')}</Form.Label>
            <Form.Select
              id="import-tier"
              value={tier}
              onChange={(e) => setTier(e.target.value as CompTier)}
            >
              <option value="Hypr">Hypr</option>
              <option value="HyprSoul">HyprSoul</option>
            </Form.Select>
          </Col>
          <Col xs={6} md={2}>
            <Form.Label htmlFor="import-months">{t('members.months')}</Form.Label>
            <Form.Control
              id="import-months"
              type="number"
              min={1}
              max={COMP_MAX_MONTHS}
              value={months}
              onChange={(e) => setMonths(Number(e.target.value))}
            />
          </Col>
        </Row>
      )}
      <div>
        <Button
          variant="outline-primary"
          disabled={!file || step.name === 'uploading'}
          onClick={() => void send(true)}
        >
          {t('members.import.check')}
        </Button>
      </div>
      {step.name === 'uploading' && (
        <ProgressBar
          className="mt-3"
          now={step.percent}
          label={`${step.percent}%`}
          aria-label={t('members.import.uploading')}
          data-testid="import-progress"
        />
      )}
      {step.name === 'failed' && (
        <Alert variant="danger" className="mt-3 mb-0" role="alert" data-testid="import-error">
          {step.reason}
        </Alert>
      )}
      {(step.name === 'checked' || step.name === 'queued') && <ImportReport report={step.report} />}
      {step.name === 'checked' && (
        <div className="mt-2">
          <Button
            onClick={() => void send(false)}
            disabled={step.report.toInvite.length + step.report.matching.length === 0}
          >
            {t('members.import.confirm', { count: step.report.toInvite.length })}
          </Button>
        </div>
      )}
      {step.name === 'queued' && (
        <Alert variant="success" className="mt-3 mb-0" role="status" data-testid="import-queued">
          {t('members.import.queued', { count: step.report.toInvite.length })}
          {step.report.importId && <ImportProgress importId={step.report.importId} />}
        </Alert>
      )}
    </div>
  );
}

/** Where the confirmed import's job stands: running, then what it did (or that it failed). */
function ImportProgress({ importId }: { importId: string }) {
  const { t } = useTranslation();
  const state = useMemberImport(importId);
  if (state.isError) {
    return (
      <span className="d-block small" data-testid="import-state-failed">
        {t('members.import.stateFailed')}
      </span>
    );
  }
  if (state.data?.status === 'failed') {
    return (
      <span className="d-block fw-semibold text-danger" data-testid="import-failed">
        {t('members.import.failed')}
      </span>
    );
  }
  if (state.data?.status !== 'done') {
    return (
      <span className="d-block small" data-testid="import-running">
        {t('members.import.running')}
      </span>
    );
  }
  return (
    <span className="d-block fw-semibold" data-testid="import-done">
      {t('members.import.done')} {t('members.import.invited', { count: state.data.invited ?? 0 })}
      {' · '}
      {t('members.import.notified', { count: state.data.matched ?? 0 })}
    </span>
  );
}

function ImportReport({ report }: { report: MemberImportReport }) {
  const { t } = useTranslation();
  return (
    <div className="mt-3" data-testid="import-report">
      <ul className="mb-2">
        <li>{t('members.import.rows', { count: report.rows })}</li>
        <li data-testid="import-to-invite">
          {t('members.import.toInvite', { count: report.toInvite.length })}
        </li>
        <li data-testid="import-matching">
          {t('members.import.matching', { count: report.matching.length })}
        </li>
        <li data-testid="import-refused">
          {t('members.import.refused', { count: report.refused.length })}
        </li>
      </ul>
      {report.refused.length > 0 && (
        <Table size="sm" className="mb-0">
          <thead>
            <tr>
              <th>{t('members.import.line')}</th>
              <th>{t('members.import.address')}</th>
              <th>{t('members.import.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {report.refused.map((r) => (
              <tr key={r.line}>
                <td>{r.line}</td>
                <td>{r.email ?? '–'}</td>
                <td>{t(`members.import.reasons.${r.reason}`)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}
