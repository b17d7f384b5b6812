import { Badge, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../../../common/rules/money';
import type { FeedPost } from '../../../../../common/schemas/feed';
import { Avatar } from '../../items/components/Avatar';
import { LockedPreview } from '../../items/components/LockedPreview';
import { PreviewPicture } from '../../items/components/PreviewPicture';

/** The cover is a thumbnail beside the text at every width, so the smallest variant is enough. */
const FEED_CARD_SIZES = '128px';

/**
 * One post of the discover feed, kept slim so a page of posts stays scannable: cover, title,
 * creator, price or lock, and the like and comment counts. Buying, liking, commenting, reporting
 * and the visitor count live on the product page the card links to (docs/deviations.md).
 */
export function FeedPostCard({ post }: { post: FeedPost }) {
  const { t, i18n } = useTranslation();
  const headingId = `post-${post.id}-title`;
  const isUnlocked = post.isPurchased;
  const price =
    post.priceCents === 0
      ? t('discover.free')
      : formatMoney(post.priceCents, post.currency, i18n.language);

  return (
    <Card
      as="article"
      className="h-100 flex-row overflow-hidden"
      aria-labelledby={headingId}
      data-testid="feed-post"
    >
      {/* The title is the link for keyboards and screen readers; the cover repeats it for a tap. */}
      <Link
        to={`/product/${post.id}`}
        tabIndex={-1}
        aria-hidden="true"
        className="flex-shrink-0"
        style={{ width: 128 }}
        data-testid="post-cover"
      >
        {isUnlocked ? (
          <div className="aura-media-frame bg-dark">
            {post.imageUrl && (
              <PreviewPicture
                src={post.imageUrl}
                srcSet={post.imageSrcSet}
                alt=""
                sizes={FEED_CARD_SIZES}
                className="w-100"
              />
            )}
          </div>
        ) : (
          <LockedPreview
            imageUrl={post.imageUrl}
            title={post.title}
            layout="card"
            earlyAccessUntil={post.earlyAccessUntil}
          />
        )}
      </Link>
      <Card.Body className="py-2 px-3" style={{ minWidth: 0 }}>
        <Card.Title as="h3" id={headingId} className="h6 mb-1 text-truncate">
          <Link to={`/product/${post.id}`} className="text-reset" data-testid="post-link">
            {post.title}
          </Link>
        </Card.Title>
        <div className="d-flex align-items-center gap-2 small">
          <Avatar src={post.userImage} name={post.userName} size={24} />
          <Link to={`/hypr/${post.creatorId}`} className="text-decoration-none text-truncate">
            {post.userName}
          </Link>
          <span className="ms-auto fw-semibold text-nowrap" data-testid="post-price">
            <span className="visually-hidden">{t('discover.price')}: </span>
            {price}
          </span>
          {isUnlocked && (
            <Badge bg="success" data-testid="unlocked-badge">
              {t('discover.unlocked')}
            </Badge>
          )}
        </div>
        <div className="d-flex gap-3 small text-muted mt-1">
          <span data-testid="post-likes">{t('discover.likes', { value: post.likes })}</span>
          <span data-testid="post-comments">
            {t('discover.commentsCount', { value: post.commentsCount })}
          </span>
        </div>
      </Card.Body>
    </Card>
  );
}
