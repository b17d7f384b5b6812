import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PublicProfileItem } from '../../../../../common/schemas/users';
import { TierBadge } from '../../billing/components/TierBadge';
import { LockedPreview } from '../../items/components/LockedPreview';
import { unlockHint } from '../../items/components/unlock-hint';

/** SPEC §2: content tiles below the profile; each opens its product page. */
export function ContentTiles({ items }: { items: PublicProfileItem[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="profile-content-title">
      <h2 id="profile-content-title" className="h5 mb-3">
        {t('profile.content')}
      </h2>
      {items.length === 0 ? (
        <p className="aura-muted">{t('profile.noContent')}</p>
      ) : (
        <ul className="row row-cols-2 row-cols-md-3 g-3 list-unstyled mb-0">
          {items.map((item) => (
            <li key={item.id} className="col">
              <ContentTile item={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A paid tile the viewer has not unlocked shows its blurred public preview under an overlay that
 * says what unlocks it (issue 10: buy once, a tier, or either; SPEC §2's 'Hypr-Aura Required'
 * was wrong for single purchases) with the tier's badge; it still opens the product page, which
 * offers the unlock.
 */
function ContentTile({ item }: { item: PublicProfileItem }) {
  const { t, i18n } = useTranslation();
  const isLocked = !item.isUnlocked;
  return (
    <Link
      to={`/product/${item.id}`}
      className="card h-100 text-decoration-none overflow-hidden"
      data-testid="profile-tile"
      data-locked={isLocked}
    >
      {isLocked ? (
        <LockedPreview
          imageUrl={item.thumbnail}
          title={item.title}
          hint={unlockHint(t, i18n.language, item)}
          layout="tile"
          earlyAccessUntil={item.earlyAccessUntil}
        >
          {item.tierRequired !== 'Aura' && (
            <span className="d-block mt-1">
              <TierBadge tier={item.tierRequired} />
            </span>
          )}
        </LockedPreview>
      ) : (
        <div className="position-relative overflow-hidden bg-dark" style={{ aspectRatio: '4 / 3' }}>
          {item.thumbnail && (
            <img
              src={item.thumbnail}
              alt=""
              className="w-100 h-100"
              style={{ objectFit: 'cover' }}
              loading="lazy"
              draggable={false}
            />
          )}
        </div>
      )}
      <div className="card-body py-2 d-flex align-items-center gap-2">
        <span className="fw-semibold text-truncate">{item.title}</span>
        {item.isPaid && !isLocked && (
          <Badge bg="success" className="ms-auto" data-testid="tile-unlocked">
            {t('profile.unlocked')}
          </Badge>
        )}
      </div>
    </Link>
  );
}
