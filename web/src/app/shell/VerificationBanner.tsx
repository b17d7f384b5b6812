import { useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEmailStatus, useResendVerification } from '../../features/mail/api/mail';
import { RequestError } from '../../shared/api/request';
import { pageSetting } from '../page-settings';

/** Dismissed for this browser session: the reminder comes back on the next visit. */
const DISMISSED_KEY = 'verifyBannerDismissed';

/**
 * Issue 16: an unverified account can use the platform, with this banner and a resend button
 * (the server limits how often it sends). Only where the server can deliver mail (a default
 * install keeps mail in the outbox: asking people to open a link that never comes helps no one);
 * its owner may close it for the session, and on a phone it keeps to one line (shell.css).
 */
export function VerificationBanner() {
  if (!pageSetting('mailDelivers')) return null;
  return <DeliverableBanner />;
}

function DeliverableBanner() {
  const { t } = useTranslation();
  const status = useEmailStatus();
  const resend = useResendVerification();
  const [note, setNote] = useState<string | null>(null);
  const [isDismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED_KEY) === '1');
  const dismiss = () => {
    sessionStorage.setItem(DISMISSED_KEY, '1');
    setDismissed(true);
  };
  if (!status.data) return null;
  // A marker, not UI: tells tests the status is loaded and the banner is gone for good.
  if (status.data.verified) return <span hidden data-testid="email-verified" />;
  if (isDismissed) return null;
  if (!status.data.hasAddress) {
    // Its owner took the address back ("this was not me"): there is nothing to verify or resend.
    return (
      <Alert
        variant="warning"
        role="note"
        className="mb-0 rounded-0 text-center aura-mail-banner"
        dismissible
        closeLabel={t('mail.banner.dismiss')}
        onClose={dismiss}
        data-testid="no-address-banner"
      >
        {t('mail.banner.noAddress')} <Link to="/account">{t('mail.banner.setAddress')}</Link>
      </Alert>
    );
  }
  const send = () => {
    setNote(null);
    resend.mutate(undefined, {
      onSuccess: () => setNote(t('mail.banner.sent', { email: status.data?.email })),
      onError: (error) =>
        setNote(
          error instanceof RequestError && error.status === 429
            ? t('errors.verification_resend_limited')
            : error.message,
        ),
    });
  };
  // A standing reminder, not an urgent alert: screen readers should not interrupt for it, and
  // the page's own alerts stay the only ones.
  return (
    <Alert
      variant="warning"
      role="note"
      className="mb-0 rounded-0 text-center aura-mail-banner"
      dismissible
      closeLabel={t('mail.banner.dismiss')}
      onClose={dismiss}
      data-testid="verify-banner"
    >
      {t('mail.banner.text', { email: status.data.email })}{' '}
      <Button size="sm" variant="outline-dark" onClick={send} disabled={resend.isPending}>
        {t('mail.banner.resend')}
      </Button>
      {note && (
        <span className="ms-2" role="status">
          {note}
        </span>
      )}
    </Alert>
  );
}
