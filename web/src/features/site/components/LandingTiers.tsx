import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../../../common/rules/money';
import { TIER_CURRENCY, TIER_PRICE_CENTS, TIERS } from '../../../../../common/rules/tiers';
import { TierBadge } from '../../billing/components/TierBadge';

/** SPEC §1 tiers as a fan meets them: Aura free, Hypr $5/month, HyprSoul $15/month. */
export function LandingTiers() {
  const { t, i18n } = useTranslation();
  return (
    <section className="container my-5" aria-labelledby="landing-tiers-title">
      <h2 id="landing-tiers-title" className="h3 fw-bold mb-1">
        {t('landing.tiers.title')}
      </h2>
      <p className="aura-muted mb-3">{t('landing.tiers.text')}</p>
      <ul className="list-unstyled row row-cols-1 row-cols-md-3 g-3 mb-0">
        {TIERS.map((tier) => (
          <li key={tier} className="col">
            <div
              className={`card h-100 aura-tier-card aura-tier-${tier}`}
              data-testid={`landing-tier-${tier}`}
            >
              <div className="card-body d-flex flex-column gap-2">
                <div>
                  <TierBadge tier={tier} />
                </div>
                <p className="h4 fw-bold mb-0">
                  {tier === 'Aura'
                    ? t('tiers.free')
                    : t('tiers.perMonth', {
                        price: formatMoney(TIER_PRICE_CENTS[tier], TIER_CURRENCY, i18n.language),
                      })}
                </p>
                <p className="aura-muted mb-2">{t(`tiers.description.${tier}`)}</p>
                <Link
                  className={`btn ${tier === 'Aura' ? 'btn-primary' : 'btn-outline-primary'} mt-auto`}
                  to="/auth?tab=signup"
                >
                  {t(`landing.tiers.cta.${tier}`)}
                </Link>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
