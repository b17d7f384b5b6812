import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  TIER_CURRENCY,
  TIERS,
  tierCovers,
  type PaidTier,
  type Tier,
} from '../../../../../common/rules/tiers';
import { useAuth } from '../../../app/auth';
import { useMembership } from '../api/billing-hooks';
import { useCreatorPlans } from '../api/plans';
import { useCreatorTrials } from '../api/trials';
import type { BillingInterval } from '../../../../../common/rules/plans';
import { periodPriceCents, periodPriceText, yearlySavingText } from './plan-price';
import { membershipCheckoutState } from './checkout-return';
import { formatMoney } from '../../../../../common/rules/money';
import { formatDate } from './format-date';
import { TierBadge } from './TierBadge';
import { GiftButton } from '../../gifts/components/GiftButton';

export interface TierCardProps {
  /** The creator's user id: memberships are bought per creator. */
  creatorId: string;
  creatorName: string;
  creatorImage?: string | null;
  /** The viewer's tier when the page already knows it; otherwise it is asked from the server. */
  viewerTier?: Tier;
  /** The creator's username: their free trials (issue 43) are read by it. */
  creatorUsername?: string;
}

/**
 * SPEC §2 membership tier card on a creator's profile: Aura (free), Hypr and HyprSoul with a
 * card-payment checkout button each, and a 'subscribed' badge for the tier the viewer holds.
 */
export function TierCard({
  creatorId,
  creatorName,
  creatorImage,
  viewerTier,
  creatorUsername,
}: TierCardProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const isOwnProfile = user?.id === creatorId;
  const membership = useMembership(
    creatorId,
    user !== null && !isOwnProfile && viewerTier === undefined,
  );
  const currentTier: Tier = viewerTier ?? membership.data?.tier ?? 'Aura';
  const subscription = membership.data?.subscription ?? null;
  // One running membership per creator: while one renews, another tier is a change of its tier
  // (issue 43), made in the wallet, so the card points there with the server's quote instead of
  // a checkout that would fail.
  const isRenewing =
    subscription !== null && subscription.isActive && !subscription.cancelAtPeriodEnd;

  const trials = useCreatorTrials(creatorUsername);
  // Issue 43: every paid tier by the month or by the year, at the creator's yearly price.
  const [interval, setBillingInterval] = useState<BillingInterval>('month');
  const plans = useCreatorPlans(creatorUsername);
  const priceText = (tier: PaidTier) =>
    periodPriceText(t, periodPriceCents(tier, interval, plans.data), interval, i18n.language);
  const trialDays = (tier: PaidTier) => trials.data?.[tier] ?? 0;

  // The server's quote of an upgrade (issue 43): what it costs now for the rest of the period.
  const upgradeQuote = (tier: PaidTier): string | null => {
    const change = subscription?.tierChanges.find(
      (c) => c.tier === tier && c.direction === 'upgrade',
    );
    return change ? formatMoney(change.amountCents, change.currency, i18n.language) : null;
  };

  const subscribe = (tier: PaidTier) => {
    const state = membershipCheckoutState(
      t,
      { id: creatorId, name: creatorName, image: creatorImage ?? null },
      tier,
      interval === 'year' ? { cents: periodPriceCents(tier, 'year', plans.data) } : undefined,
    );
    void navigate('/checkout', { state });
  };

  return (
    <section className="card shadow-sm" aria-labelledby="tier-card-title" data-testid="tier-card">
      <div className="card-body">
        <h2 id="tier-card-title" className="h5 mb-1">
          {t('tiers.title')}
        </h2>
        <p className="small aura-muted mb-3">{t('tiers.subtitle', { name: creatorName })}</p>
        <div
          className="btn-group btn-group-sm mb-3"
          role="radiogroup"
          aria-label={t('tiers.billingLabel')}
          data-testid="tier-interval"
        >
          {(['month', 'year'] as const).map((option) => (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={interval === option}
              className={`btn ${interval === option ? 'btn-primary' : 'btn-outline-primary'}`}
              onClick={() => setBillingInterval(option)}
            >
              {option === 'month' ? t('tiers.monthly') : t('tiers.yearly')}
            </button>
          ))}
        </div>
        <ul className="list-unstyled row row-cols-1 row-cols-md-3 g-3 mb-0">
          {TIERS.map((tier) => (
            <li key={tier} className="col" data-testid={`tier-${tier}`}>
              <div
                className={`aura-tier-option aura-tier-${tier} h-100 d-flex flex-column gap-2${currentTier === tier ? ' is-current' : ''}`}
              >
                <div>
                  <TierBadge tier={tier} />
                </div>
                <span className="fs-4 fw-bold" data-testid={`tier-price-${tier}`}>
                  {tier === 'Aura' ? t('tiers.free') : priceText(tier)}
                </span>
                {tier !== 'Aura' &&
                  interval === 'year' &&
                  yearlySavingText(t, tier, plans.data) && (
                    <span className="badge text-bg-success align-self-start">
                      {yearlySavingText(t, tier, plans.data)}
                    </span>
                  )}
                {tier !== 'Aura' && trialDays(tier) > 0 && (
                  <span
                    className="small fw-semibold text-success-emphasis"
                    data-testid={`trial-${tier}`}
                  >
                    {t(interval === 'year' ? 'trials.freeThenYear' : 'trials.freeThen', {
                      count: trialDays(tier),
                      price: formatMoney(
                        periodPriceCents(tier, interval, plans.data),
                        TIER_CURRENCY,
                        i18n.language,
                      ),
                    })}
                  </span>
                )}
                <span className="small aura-muted flex-grow-1">
                  {t(`tiers.description.${tier}`)}
                </span>
                <div className="d-flex flex-wrap align-items-center gap-2">
                  {tier === 'Aura' ? (
                    currentTier === 'Aura' && (
                      <span className="badge text-bg-secondary">{t('tiers.current')}</span>
                    )
                  ) : currentTier === tier ? (
                    <>
                      <span className="badge text-bg-success">{t('tiers.subscribed')}</span>
                      {subscription?.pendingTier && subscription.currentPeriodEnd && (
                        <span className="small" data-testid="tier-pending-change">
                          {t('tiers.changesTo', {
                            tier: subscription.pendingTier,
                            date: formatDate(subscription.currentPeriodEnd, i18n.language),
                          })}
                        </span>
                      )}
                      {subscription?.cancelAtPeriodEnd && subscription.currentPeriodEnd && (
                        <span className="small aura-muted">
                          {t('tiers.accessUntil', {
                            date: formatDate(subscription.currentPeriodEnd, i18n.language),
                          })}
                        </span>
                      )}
                    </>
                  ) : tierCovers(currentTier, tier) ? (
                    <span className="badge text-bg-light">{t('tiers.included')}</span>
                  ) : isOwnProfile ? null : isRenewing ? (
                    <span className="small aura-muted">
                      {t('tiers.changeHint')} <Link to="/wallet">{t('tiers.manage')}</Link>
                      {upgradeQuote(tier) !== null && (
                        <span className="d-block" data-testid={`tier-upgrade-quote-${tier}`}>
                          {t('tiers.upgradeNow', { price: upgradeQuote(tier) })}
                        </span>
                      )}
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-primary w-100"
                      onClick={() => subscribe(tier)}
                    >
                      {t('tiers.subscribe')}
                    </button>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
        {/* Issue 43: 1, 3 or 12 months of a tier as a gift, for someone else. */}
        {user && !isOwnProfile && (
          <div className="mt-3">
            <GiftButton size="sm" target={{ kind: 'membership', creatorId, creatorName }} />
          </div>
        )}
      </div>
    </section>
  );
}
