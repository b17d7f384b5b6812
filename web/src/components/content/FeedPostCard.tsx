import { useRef, useState, type ReactNode } from 'react';
import { Badge, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatMoney } from '../../../../common/rules/money';
import type { FeedPost } from '../../../../common/schemas/feed';
import { useRecordVisit, useToggleLike } from '../../api/items';
import type { BalanceUnlockNotice } from '../billing/balance-unlock';
import { BalanceUnlockStatus } from '../billing/BalanceUnlockStatus';
import { ReportButton } from '../moderation/ReportButton';
import { Avatar } from './Avatar';
import { CommentsPanel } from './CommentsPanel';
import { itemCheckoutState } from './checkout-state';
import { ItemFacts } from './ItemFacts';
import { LikeButton } from './LikeButton';
import { LockedPreview } from './LockedPreview';
import { UnlockedMedia } from './UnlockedMedia';
import { unlockHint } from './unlock-hint';

/** How wide a card's picture is drawn in the discover grid (1, 2 or 3 columns). */
const FEED_CARD_SIZES = '(min-width: 1200px) 400px, (min-width: 768px) 50vw, 100vw';

interface FeedPostCardProps {
  post: FeedPost;
  /**
   * Slot for the "pay with balance" control of a locked post (owned by payments). Rendered only
   * while the post is locked; it unlocks on the server, never locally (SPEC §4's local unlock is
   * replaced by the server's answer), and reports its result through `onUnlocked` so the card
   * can keep showing it once the post re-renders unlocked.
   */
  payWithBalance?: (post: FeedPost, onUnlocked: (notice: BalanceUnlockNotice) => void) => ReactNode;
}

/** One post of the discover feed with the fields of SPEC §3 and the behaviour of SPEC §4. */
export function FeedPostCard({ post, payWithBalance }: FeedPostCardProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const price = formatMoney(post.priceCents, post.currency, i18n.language);
  const like = useToggleLike(post.id);
  const visit = useRecordVisit(post.id);
  const hasVisited = useRef(false);
  const headingId = `post-${post.id}-title`;
  const isUnlocked = post.isPurchased;
  // Lives in the card, not in the control, so it survives the unlock and the feed's refetch.
  const [unlockNotice, setUnlockNotice] = useState<BalanceUnlockNotice | null>(null);
  // Between the server's answer and the refetched post there is nothing left to pay.
  // Issue 10: only what the server says can be bought offers a payment (not tier-only items).
  const canPay = !isUnlocked && unlockNotice === null && post.abilities.canBuy;

  // Opening the post body counts a visit (SPEC §4). The server counts a viewer once per day;
  // asking once per card keeps repeated clicks from sending repeated calls.
  const openBody = () => {
    if (hasVisited.current) return;
    hasVisited.current = true;
    visit.mutate();
  };

  return (
    <Card as="article" className="h-100" aria-labelledby={headingId} data-testid="feed-post">
      <Card.Header className="d-flex align-items-center gap-2">
        <Avatar src={post.userImage} name={post.userName} size={40} />
        <Link to={`/hypr/${post.creatorId}`} className="fw-semibold text-decoration-none">
          {post.userName}
        </Link>
        <span className="ms-auto d-flex align-items-center gap-2">
          {isUnlocked && (
            <Badge bg="success" data-testid="unlocked-badge">
              {t('discover.unlocked')}
            </Badge>
          )}
          <span className="fw-semibold" data-testid="post-price">
            <span className="visually-hidden">{t('discover.price')}: </span>
            {post.priceCents === 0 ? t('discover.free') : price}
          </span>
        </span>
      </Card.Header>
      <Card.Body onClick={openBody} data-testid="post-body">
        <Card.Title as="h3" id={headingId} className="h5">
          {post.title}
        </Card.Title>
        <ItemFacts item={post} className="mb-2" />
        {isUnlocked ? (
          <UnlockedMedia
            title={post.title}
            imageUrl={post.imageUrl}
            videoUrl={post.videoUrl}
            audioUrl={post.audioUrl}
            imageSrcSet={post.imageSrcSet}
            imageSizes={FEED_CARD_SIZES}
            isFramed
          />
        ) : (
          <LockedPreview
            imageUrl={post.imageUrl}
            title={post.title}
            hint={unlockHint(t, i18n.language, post)}
            isFramed
          />
        )}
        <Card.Text className="mt-3" style={{ whiteSpace: 'pre-line' }}>
          {post.description}
        </Card.Text>
        {canPay && (
          <div className="d-flex flex-wrap gap-2 align-items-start">
            <button
              type="button"
              className="btn btn-primary"
              onClick={(event) => {
                event.stopPropagation();
                void navigate('/checkout', { state: itemCheckoutState(post) });
              }}
            >
              {t('discover.payWithCard', { price })}
            </button>
            {/* The balance control is a separate purchase, not an opening of the post. */}
            <div onClick={(event) => event.stopPropagation()}>
              {payWithBalance?.(post, setUnlockNotice)}
            </div>
          </div>
        )}
        <BalanceUnlockStatus notice={unlockNotice} onDismiss={() => setUnlockNotice(null)} />
      </Card.Body>
      <Card.Footer className="d-flex flex-wrap align-items-center gap-3">
        <LikeButton
          isLiked={post.likedByMe}
          count={post.likes}
          isPending={like.isPending}
          onToggle={() => like.mutate(!post.likedByMe)}
        />
        <span className="small text-muted" data-testid="visitor-count">
          {t('discover.visitors', { value: post.visitors })}
        </span>
        <Link
          to={`/product/${post.id}`}
          className="ms-auto btn btn-sm btn-outline-secondary"
          aria-describedby={headingId}
        >
          {t('discover.viewDetails')}
        </Link>
        <ReportButton
          subject={{ targetType: 'item', targetId: String(post.id) }}
          ownerId={post.creatorId}
          label={t('report.postLabel', { title: post.title })}
        />
        {like.isError && (
          <p className="w-100 small text-danger mb-0" role="alert">
            {t('discover.likeError', { reason: like.error.message })}
          </p>
        )}
      </Card.Footer>
      <Card.Body className="border-top">
        <CommentsPanel itemId={post.id} latest={post.comments} count={post.commentsCount} />
      </Card.Body>
    </Card>
  );
}
