import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FEED_SHOWCASE_SIZE } from '../../../../../common/rules/feed';
import { formatMoney } from '../../../../../common/rules/money';
import type { FeedPost, SpotlightCreator } from '../../../../../common/schemas/feed';
import type { ShowcaseState } from '../api/showcase';
import { LockIcon } from '../../billing/components/LockIcon';
import { TierBadge } from '../../billing/components/TierBadge';
import { Avatar } from '../../items/components/Avatar';
import { PreviewPicture } from '../../items/components/PreviewPicture';

const CREATOR_COUNT = 6;
/** Two columns on a phone, three from md up (landing.css). */
const CARD_SIZES = '(min-width: 992px) 300px, (min-width: 768px) 33vw, 50vw';

/**
 * Real creators and their latest items from this server (issue 10). Their places are held
 * while they load, so nothing below moves; a server that cannot answer shows nothing here.
 */
export function LandingShowcase({ state }: { state: ShowcaseState }) {
  const { t } = useTranslation();
  if (state.status === 'error') return null;
  const showcase = state.status === 'ready' ? state.showcase : null;
  if (showcase && showcase.creators.length === 0 && showcase.posts.length === 0) return null;
  return (
    <>
      <section className="container my-5" aria-labelledby="landing-creators-title">
        <h2 id="landing-creators-title" className="h3 fw-bold mb-1">
          {t('landing.creators.title')}
        </h2>
        <p className="aura-muted mb-3">{t('landing.creators.text')}</p>
        <ul className="list-unstyled row row-cols-2 row-cols-md-3 row-cols-lg-6 g-3 mb-0">
          {showcase
            ? showcase.creators.slice(0, CREATOR_COUNT).map((creator) => (
                <li key={creator.id} className="col">
                  <CreatorCard creator={creator} />
                </li>
              ))
            : Array.from({ length: CREATOR_COUNT }, (_, i) => (
                <li key={i} className="col" aria-hidden="true">
                  <div className="card aura-placeholder-card aura-placeholder-creator" />
                </li>
              ))}
        </ul>
      </section>
      <section className="container my-5" aria-labelledby="landing-drops-title">
        <h2 id="landing-drops-title" className="h3 fw-bold mb-1">
          {t('landing.drops.title')}
        </h2>
        <p className="aura-muted mb-3">{t('landing.drops.text')}</p>
        <ul className="list-unstyled row row-cols-2 row-cols-md-3 g-3 mb-0">
          {showcase
            ? showcase.posts.map((post) => (
                <li key={post.id} className="col">
                  <ItemCard post={post} />
                </li>
              ))
            : Array.from({ length: FEED_SHOWCASE_SIZE }, (_, i) => (
                <li key={i} className="col" aria-hidden="true">
                  <div className="card overflow-hidden">
                    <div className="aura-media-frame" />
                    <div className="card-body aura-placeholder-card" />
                  </div>
                </li>
              ))}
        </ul>
      </section>
    </>
  );
}

function CreatorCard({ creator }: { creator: SpotlightCreator }) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/hypr/${creator.id}`}
      className="card h-100 text-center text-decoration-none p-3 aura-lift"
      data-testid="landing-creator"
    >
      <Avatar src={creator.avatarUrl} name={creator.name} size={80} className="mx-auto mb-2" />
      <span className="fw-semibold text-truncate d-block">{creator.name}</span>
      <span className="small aura-muted">
        {t('landing.creators.items', { count: creator.itemCount })}
      </span>
    </Link>
  );
}

function ItemCard({ post }: { post: FeedPost }) {
  const { t, i18n } = useTranslation();
  const isLocked = !post.isPurchased;
  return (
    <Link
      to={`/product/${post.id}`}
      className="card h-100 overflow-hidden text-decoration-none aura-lift"
      data-testid="landing-item"
    >
      <div className="aura-media-frame">
        {post.imageUrl && (
          <PreviewPicture
            src={post.imageUrl}
            srcSet={post.imageSrcSet}
            alt=""
            sizes={CARD_SIZES}
            className={isLocked ? 'aura-teaser' : undefined}
          />
        )}
        <span className="aura-card-flag">
          {isLocked && <LockIcon size={14} />}
          {/* What unlocks it: its price, else the tier it needs, else nothing (free). */}
          {post.priceCents > 0 ? (
            formatMoney(post.priceCents, post.currency, i18n.language)
          ) : post.tierRequired === 'Aura' ? (
            t('discover.free')
          ) : (
            <TierBadge tier={post.tierRequired} />
          )}
        </span>
      </div>
      <div className="card-body py-2">
        <span className="fw-semibold text-truncate d-block">{post.title}</span>
        <span className="small aura-muted text-truncate d-block">{post.userName}</span>
      </div>
    </Link>
  );
}
