import { useTranslation } from 'react-i18next';
import type { AuraCardRarity } from '../../../../../common/rules/creator-profile';
import type { AuraCard } from '../../../../../common/schemas/creator-profile';

// text-bg-* picks a readable text colour for each background.
const RARITY_CLASS: Record<AuraCardRarity, string> = {
  free: 'text-bg-secondary',
  premium: 'text-bg-warning',
  exclusive: 'text-bg-danger',
};

/** SPEC §2 CreatorWorld: the creator's description of it and their aura cards, rarity shown. */
export function CreatorWorld({
  description,
  cards,
}: {
  description: string | null;
  cards: AuraCard[];
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="creator-world-title" data-testid="creator-world">
      <h2 id="creator-world-title" className="h5 mb-2">
        {t('creatorProfile.creatorWorld')}
      </h2>
      {description && (
        <p style={{ whiteSpace: 'pre-line' }} data-testid="creator-world-description">
          {description}
        </p>
      )}
      {cards.length === 0 ? (
        <p className="aura-muted">{t('creatorProfile.noCards')}</p>
      ) : (
        <ul className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3 list-unstyled mb-0">
          {cards.map((card) => (
            <li key={card.id} className="col">
              <article className="card h-100" data-testid="aura-card">
                {card.imageUrl && (
                  <img
                    src={card.imageUrl}
                    alt=""
                    className="card-img-top"
                    style={{ aspectRatio: '4 / 3', objectFit: 'cover' }}
                    loading="lazy"
                  />
                )}
                <div className="card-body">
                  <div className="d-flex align-items-start gap-2 mb-1">
                    <h3 className="h6 mb-0 flex-grow-1" data-testid="aura-card-title">
                      {card.title}
                    </h3>
                    <span
                      className={`badge ${RARITY_CLASS[card.rarity]}`}
                      data-testid="aura-card-rarity"
                    >
                      {t(`creatorProfile.rarity.${card.rarity}`)}
                    </span>
                  </div>
                  {card.description && (
                    <p className="small mb-0" style={{ whiteSpace: 'pre-line' }}>
                      {card.description}
                    </p>
                  )}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
