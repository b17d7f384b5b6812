import { Alert, Button, Card, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAuth } from '../../../app/auth';
import { signInPath } from '../../../app/return-to';
import { usePublicGift, useRedeemGift } from '../api/gifts';
import { giftText } from '../components/gift-text';

/**
 * /gifts/{code} (issue 43): the gift mail's link. It shows what the gift is and redeems it for
 * the signed-in account; a visitor signs in (or signs up) first and comes back here.
 */
export default function RedeemGiftPage() {
  const { code = '' } = useParams();
  return <RedeemGift key={code} code={code} />;
}

function RedeemGift({ code }: { code: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const gift = usePublicGift(code);
  const redeem = useRedeemGift(code);

  return (
    <main className="container py-4" style={{ maxWidth: 640 }}>
      <h1 className="h3 mb-3">{t('gifts.redeemTitle')}</h1>
      {gift.isPending ? (
        <Spinner animation="border" role="status" aria-label={t('gifts.loading')} />
      ) : gift.isError ? (
        <Alert variant="danger" role="alert" data-testid="gift-load-error">
          {gift.error.message}
        </Alert>
      ) : (
        <Card data-testid="gift-card">
          <Card.Body className="d-flex flex-column gap-3">
            <p className="fs-5 mb-0" data-testid="gift-what">
              {giftText(t, gift.data)}
            </p>
            {gift.data.giverName && (
              <p className="mb-0 aura-muted">{t('gifts.from', { name: gift.data.giverName })}</p>
            )}
            {gift.data.message && (
              <blockquote className="blockquote mb-0" style={{ whiteSpace: 'pre-line' }}>
                {gift.data.message}
              </blockquote>
            )}
            {redeem.isSuccess ? (
              <Alert variant="success" className="mb-0" role="status" data-testid="gift-redeemed">
                {t('gifts.redeemedNow')}{' '}
                <Link to={redeem.data.path} data-testid="gift-open">
                  {t('gifts.open')}
                </Link>
              </Alert>
            ) : gift.data.state !== 'redeemable' ? (
              <Alert variant="secondary" className="mb-0" data-testid="gift-state">
                {t(`gifts.state.${gift.data.state}`)}
              </Alert>
            ) : user ? (
              <div>
                <Button
                  variant="success"
                  onClick={() => redeem.mutate()}
                  disabled={redeem.isPending}
                  data-testid="gift-redeem"
                >
                  {t('gifts.redeem')}
                </Button>
              </div>
            ) : (
              <div>
                <Link
                  to={signInPath(`/gifts/${encodeURIComponent(code)}`)}
                  className="btn btn-primary"
                  data-testid="gift-sign-in"
                >
                  {t('gifts.signInToRedeem')}
                </Link>
              </div>
            )}
            {redeem.isError && (
              <Alert variant="danger" role="alert" className="mb-0" data-testid="gift-redeem-error">
                {redeem.error.message}
              </Alert>
            )}
          </Card.Body>
        </Card>
      )}
    </main>
  );
}
