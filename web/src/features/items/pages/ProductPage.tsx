import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { formatMoney } from '../../../../../common/rules/money';
import { useItem, useRecordVisit, useToggleLike } from '../api/items';
import { useAuth } from '../../../app/auth';
import { signInPath } from '../../../app/return-to';
import { checkoutReturnPath } from '../../billing/components/checkout-return';
import { isNotFound } from '../../../shared/api/request';
import type { BalanceUnlockNotice } from '../../billing/components/balance-unlock';
import { BalanceUnlockStatus } from '../../billing/components/BalanceUnlockStatus';
import { PayWithBalance } from '../../billing/components/PayWithBalance';
import { Avatar } from '../components/Avatar';
import { CommentsPanel } from '../components/CommentsPanel';
import { itemCheckoutState } from '../components/checkout-state';
import { ItemFacts } from '../components/ItemFacts';
import { LikeButton } from '../components/LikeButton';
import { EarlyAccessNotice } from '../components/EarlyAccessNotice';
import { LockedPreview } from '../components/LockedPreview';
import { ReportButton } from '../../reports/components/ReportButton';
import { GiftButton } from '../../gifts/components/GiftButton';
import { UnlockedMedia } from '../components/UnlockedMedia';
import { unlockHint } from '../components/unlock-hint';
import {
  PwywAmountField,
  readPwywAmount,
  suggestedAmountText,
} from '../components/PwywAmountField';

/** Item ids are positive integers (the SPEC's numeric productId). */
function parseProductId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/**
 * SPEC §2 /product/{productId}: the real item, locked or unlocked by the server's entitlement
 * answer (never by navigation state, which anyone can forge).
 */
export default function ProductPage() {
  const { productId } = useParams();
  if (!productId) return <Navigate to="/" replace />;
  // Keyed so that moving to another product starts clean (no result of the previous one).
  return <ProductView key={productId} productId={parseProductId(productId)} />;
}

function ProductView({ productId }: { productId: number | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const item = useItem(productId);
  const visit = useRecordVisit(productId ?? 0);
  const like = useToggleLike(productId ?? 0);
  const counted = useRef<number | null>(null);
  // Kept here, above the locked/unlocked branches, so the result outlives the unlock.
  const [unlockNotice, setUnlockNotice] = useState<BalanceUnlockNotice | null>(null);
  // Issue 43: what a fan types to pay for a pay-what-you-want item (null: the suggested amount).
  const [amountText, setAmountText] = useState<string | null>(null);
  const [showAmountProblem, setShowAmountProblem] = useState(false);

  // Opening the product page opens the post: count one visit (the server keeps one per viewer,
  // signed in or not, per day, so a reload does not inflate it).
  const { mutate: recordVisit } = visit;
  useEffect(() => {
    if (!item.data || counted.current === item.data.id) return;
    counted.current = item.data.id;
    recordVisit();
  }, [item.data, recordVisit]);

  const isMissing = productId === null || isNotFound(item.error);
  if (isMissing) {
    return (
      <Shell>
        <Alert variant="warning" role="alert" data-testid="product-not-found">
          {t('product.notFound')}
        </Alert>
      </Shell>
    );
  }
  if (item.isPending) {
    return (
      <Shell>
        <div className="text-center py-5">
          <Spinner animation="border" role="status" />
          <p className="mt-2">{t('product.loading')}</p>
        </div>
      </Shell>
    );
  }
  if (item.isError) {
    return (
      <Shell>
        <Alert variant="danger" role="alert" className="d-flex align-items-center gap-3">
          <span>{t('product.loadError')}</span>
          <Button size="sm" variant="outline-danger" onClick={() => void item.refetch()}>
            {t('product.retry')}
          </Button>
        </Alert>
      </Shell>
    );
  }

  const product = item.data;
  const isUnlocked = product.isPurchased;
  const price = formatMoney(product.priceCents, product.currency, i18n.language);
  const offer = product.payWhatYouWant;
  const typedAmount = offer ? (amountText ?? suggestedAmountText(offer)) : '';
  const chosen = offer ? readPwywAmount(typedAmount, offer) : null;
  const payText =
    chosen?.cents != null ? formatMoney(chosen.cents, product.currency, i18n.language) : price;
  // Issue 10: a signed-out visitor signs in first and comes back to this checkout.
  const unlock = () => {
    if (chosen && chosen.cents === null) {
      setShowAmountProblem(true);
      return;
    }
    const state = itemCheckoutState(product, chosen?.cents ?? undefined);
    if (user) void navigate('/checkout', { state });
    else void navigate(signInPath(checkoutReturnPath(state)));
  };
  return (
    <Shell>
      <Card data-testid="product-card">
        <Card.Body>
          <div className="d-flex align-items-center gap-2 mb-3">
            <Avatar src={product.userImage} name={product.userName} size={40} />
            <Link to={`/hypr/${product.creatorId}`} className="text-decoration-none">
              {t('product.by', { name: product.userName })}
            </Link>
            {isUnlocked && (
              <Badge bg="success" className="ms-auto">
                {t('product.unlocked')}
              </Badge>
            )}
          </div>
          <div className="d-flex align-items-start gap-2">
            <h1 className="h3 me-auto">{product.title}</h1>
            {product.abilities.canEdit && (
              <Link to={`/upload/edit/${product.id}`} className="btn btn-sm btn-outline-primary">
                {t('myItems.edit')}
              </Link>
            )}
          </div>
          {product.creatorSuspended && (
            <Alert variant="warning" data-testid="product-creator-suspended">
              {t('product.creatorSuspended')}
            </Alert>
          )}
          <ItemFacts item={product} className="mb-2" />
          {product.earlyAccessUntil && (
            <EarlyAccessNotice
              until={product.earlyAccessUntil}
              onOpened={() => void item.refetch()}
            />
          )}
          <p className="fw-semibold" data-testid="product-price">
            {offer
              ? t('product.pwywPrice', {
                  min: formatMoney(offer.minCents, product.currency, i18n.language),
                })
              : `${t('product.price')}: ${product.priceCents === 0 ? t('discover.free') : price}`}
          </p>
          {isUnlocked ? (
            <>
              <UnlockedMedia
                title={product.title}
                imageUrl={product.imageUrl}
                videoUrl={product.videoUrl}
                audioUrl={product.audioUrl}
              />
              <p className="mt-3" style={{ whiteSpace: 'pre-line' }}>
                {product.description}
              </p>
              <Alert variant="success" className="mb-0" data-testid="product-unlocked">
                {t('product.unlockedNotice')}
              </Alert>
            </>
          ) : (
            <>
              <LockedPreview imageUrl={product.imageUrl} title={product.title} />
              <p className="mt-3" style={{ whiteSpace: 'pre-line' }}>
                {product.description}
              </p>
              <p className="text-muted" data-testid="product-locked">
                {unlockHint(t, i18n.language, product)}
              </p>
              {product.tierRequired !== 'Aura' && (
                <Link to={`/hypr/${product.creatorId}`} className="d-inline-block mb-3">
                  {t('unlock.seeMemberships')}
                </Link>
              )}
              {unlockNotice === null && product.abilities.canBuy && offer && (
                <PwywAmountField
                  offer={offer}
                  currency={product.currency}
                  value={typedAmount}
                  onChange={(text) => {
                    setAmountText(text);
                    setShowAmountProblem(false);
                  }}
                  showProblem={showAmountProblem}
                />
              )}
              {unlockNotice === null && product.abilities.canBuy && (
                <div className="d-flex flex-wrap gap-2 align-items-start">
                  <Button onClick={unlock} data-ssr-control="unlock">
                    {t('product.unlock', { price: payText })}
                  </Button>
                  {/* The balance pays a fixed price: a chosen amount goes through checkout. */}
                  {!offer && (
                    <PayWithBalance
                      itemId={product.id}
                      priceCents={product.priceCents}
                      onUnlocked={setUnlockNotice}
                    />
                  )}
                </div>
              )}
            </>
          )}
          {/* Issue 43: anyone signed in but its creator may give a paid item as a gift. */}
          {user && user.id !== product.creatorId && product.priceCents > 0 && (
            <div className="mt-3">
              <GiftButton
                target={{
                  kind: 'item',
                  itemId: product.id,
                  title: product.title,
                  ...(offer ? { amountCents: chosen?.cents ?? offer.suggestedPriceCents } : {}),
                }}
              />
            </div>
          )}
          <BalanceUnlockStatus notice={unlockNotice} onDismiss={() => setUnlockNotice(null)} />
        </Card.Body>
        {/* Liking, commenting and reporting happen here, not on the slim discover card. */}
        <Card.Footer className="d-flex flex-wrap align-items-center gap-3">
          {user ? (
            <LikeButton
              isLiked={product.likedByMe}
              count={product.likes}
              isPending={like.isPending}
              onToggle={() => like.mutate(!product.likedByMe)}
            />
          ) : (
            <span className="small text-muted" data-testid="like-count">
              {t('discover.likes', { value: product.likes })}
            </span>
          )}
          <span className="small text-muted" data-testid="visitor-count">
            {t('discover.visitors', { value: product.visitors })}
          </span>
          <ReportButton
            subject={{ targetType: 'item', targetId: String(product.id) }}
            ownerId={product.creatorId}
            label={t('report.postLabel', { title: product.title })}
            className="ms-auto"
          />
          {like.isError && (
            <p className="w-100 small text-danger mb-0" role="alert">
              {t('discover.likeError', { reason: like.error.message })}
            </p>
          )}
        </Card.Footer>
        <Card.Body className="border-top">
          <CommentsPanel
            itemId={product.id}
            latest={product.comments}
            count={product.commentsCount}
            canComment={user !== null}
          />
        </Card.Body>
      </Card>
    </Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="container py-4" style={{ maxWidth: 760 }}>
      {children}
      <Link to="/discover" className="btn btn-link px-0 mt-3">
        {t('product.backToDiscover')}
      </Link>
    </main>
  );
}
