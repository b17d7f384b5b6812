import { useState } from 'react';
import { Alert, Button, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../../common/rules/money';
import type { CarriedBalance, PayoutRunSummary } from '../../../../../common/schemas/payouts';
import { fetchPayoutRunCsv, usePayoutRuns, useRunPayouts } from '../api/hub';
import { formatDate } from '../../billing/components/format-date';
import { newIdempotencyKey } from '../../../shared/api/idempotency-key';
import { formatAmounts } from './money';

/**
 * The payout run (issue 15): a confirmation, then the summary the server booked, with the CSV
 * export. One Idempotency-Key per confirmation, so a double click or a retry books once.
 */
export function PayoutRunControl({ canRun }: { canRun: boolean }) {
  const { t, i18n } = useTranslation();
  const [isConfirming, setConfirming] = useState(false);
  const [intentKey, setIntentKey] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const run = useRunPayouts();
  const runs = usePayoutRuns();

  const start = () => {
    const key = intentKey ?? newIdempotencyKey();
    setIntentKey(key);
    run.mutate(key, {
      onSuccess: () => {
        setConfirming(false);
        setIntentKey(null);
      },
    });
  };

  const download = async (runId: string) => {
    setDownloadError(null);
    try {
      const blob = await fetchPayoutRunCsv(runId);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `payout-run-${runId}.csv`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      setDownloadError(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <div className="border-top pt-3 mt-3" data-testid="hub-payout-run">
      <h3 className="h6">{t('masteraxis.payouts.run.title')}</h3>
      <p className="small aura-muted">{t('masteraxis.payouts.run.hint')}</p>
      <Button variant="primary" disabled={!canRun} onClick={() => setConfirming(true)}>
        {t('masteraxis.payouts.run.button')}
      </Button>
      {run.data && (
        <RunResult summary={run.data} onDownload={() => void download(run.data.runId)} />
      )}
      {downloadError && (
        <Alert variant="danger" className="mt-2 mb-0">
          {t('masteraxis.payouts.run.downloadFailed', { message: downloadError })}
        </Alert>
      )}
      {runs.data && runs.data.carried.length > 0 && <CarriedBalances carried={runs.data.carried} />}
      {runs.data && runs.data.runs.length > 0 && (
        <>
          <h4 className="h6 mt-3">{t('masteraxis.payouts.run.recent')}</h4>
          <ul className="list-unstyled small mb-0">
            {runs.data.runs.slice(0, 5).map((past) => (
              <li key={past.runId} className="d-flex align-items-center gap-2">
                <span>
                  {t('masteraxis.payouts.run.runLine', {
                    date: formatDate(past.createdAt, i18n.language),
                    creators: past.creators,
                    totals:
                      formatAmounts(past.totals, i18n.language) || t('masteraxis.payouts.run.none'),
                  })}
                </span>
                <Button variant="link" size="sm" onClick={() => void download(past.runId)}>
                  {t('masteraxis.payouts.run.download')}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      <Modal
        show={isConfirming}
        onHide={() => setConfirming(false)}
        centered
        aria-labelledby="payout-run-confirm-title"
      >
        <Modal.Header closeButton>
          <Modal.Title id="payout-run-confirm-title">
            {t('masteraxis.payouts.run.confirmTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{t('masteraxis.payouts.run.confirmText')}</p>
          {run.isError && (
            <Alert variant="danger" className="mb-0">
              {t('masteraxis.payouts.run.failed', { message: run.error.message })}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={run.isPending}>
            {t('payouts.cancel')}
          </Button>
          <Button variant="primary" onClick={start} disabled={run.isPending}>
            {run.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden />}
            {run.isPending
              ? t('masteraxis.payouts.run.running')
              : t('masteraxis.payouts.run.confirm')}
          </Button>
        </Modal.Footer>
      </Modal>
    </div>
  );
}

function RunResult({ summary, onDownload }: { summary: PayoutRunSummary; onDownload: () => void }) {
  const { t, i18n } = useTranslation();
  const text = summary.replayed
    ? t('masteraxis.payouts.run.replayed')
    : summary.transfers.length === 0
      ? t('masteraxis.payouts.run.nothing')
      : t('masteraxis.payouts.run.result', {
          transfers: summary.transfers.length,
          creators: summary.creators,
          totals: formatAmounts(summary.totals, i18n.language),
        });
  return (
    <Alert
      variant="success"
      className="mt-3 mb-0"
      role="status"
      data-testid="hub-payout-run-result"
    >
      <p className="mb-2">{text}</p>
      <Button variant="outline-success" size="sm" onClick={onDownload}>
        {t('masteraxis.payouts.run.download')}
      </Button>
    </Alert>
  );
}

/** Creators whose refunds took their earnings below zero: what the next runs carry (issue 43). */
function CarriedBalances({ carried }: { carried: CarriedBalance[] }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="mt-3" data-testid="hub-payout-carried" aria-labelledby="hub-carried-title">
      <h4 className="h6" id="hub-carried-title">
        {t('masteraxis.payouts.run.carriedTitle')}
      </h4>
      <p className="small aura-muted mb-1">{t('masteraxis.payouts.run.carriedHint')}</p>
      <ul className="list-unstyled small mb-0">
        {carried.map((c) => (
          <li key={`${c.creatorId}-${c.currency}`}>
            {t('masteraxis.payouts.run.carriedLine', {
              creator: c.creator,
              amount: formatMoney(c.amountCents, c.currency, i18n.language),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
