import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Issue 10: the wallet (balance, history, top-up, memberships) is one click from the dashboard. */
export function WalletShortcut() {
  const { t } = useTranslation();
  return (
    <Card className="h-100" data-testid="wallet-shortcut">
      <Card.Body className="d-flex flex-column gap-2">
        <Card.Title as="h2" className="h5 mb-0">
          {t('wallet.title')}
        </Card.Title>
        <Card.Text className="text-muted small mb-0">{t('dashboard.walletText')}</Card.Text>
        <Link to="/wallet" className="btn btn-outline-primary btn-sm align-self-start">
          {t('dashboard.openWallet')}
        </Link>
      </Card.Body>
    </Card>
  );
}
