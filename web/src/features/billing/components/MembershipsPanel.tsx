import { useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import {
  PAUSE_PERIODS,
  type PausePeriods,
  type Subscription,
} from '../../../../../common/schemas/billing';
import {
  useCancelSubscription,
  useChangeSubscriptionTier,
  usePauseSubscription,
  useResumeSubscription,
  useSubscriptions,
} from '../api/billing-hooks';
import { formatMoney } from '../../../../../common/rules/money';
import type { PaidTier } from '../../../../../common/rules/tiers';
import { formatDate } from './format-date';
import { TierBadge } from './TierBadge';
import { Avatar } from '../../items/components/Avatar';

/**
 * The fan's memberships; cancelling stops renewal and access lasts to the period end (issue 5).
 * The cancel dialog offers a pause of 1, 2 or 3 periods first; a paused one can be resumed; and
 * "Change tier" upgrades now for the server's quote or downgrades at the period end (issue 43).
 */
export function MembershipsPanel() {
  const { t } = useTranslation();
  const subscriptions = useSubscriptions();
  const [toCancel, setToCancel] = useState<Subscription | null>(null);
  const [toChange, setToChange] = useState<Subscription | null>(null);

  return (
    <section className="card shadow-sm">
      <div className="card-body">
        <h2 className="h5">{t('wallet.membershipsTitle')}</h2>
        {subscriptions.isPending ? (
          <p className="aura-muted mb-0">{t('wallet.loading')}</p>
        ) : subscriptions.isError ? (
          <div className="alert alert-danger mb-0" role="alert">
            {t('wallet.loadError', { message: subscriptions.error.message })}
          </div>
        ) : subscriptions.data.subscriptions.length === 0 ? (
          <p className="aura-muted mb-0">{t('wallet.noMemberships')}</p>
        ) : (
          <ul className="list-unstyled mb-0 d-flex flex-column gap-3" data-testid="memberships">
            {subscriptions.data.subscriptions.map((subscription) => (
              <MembershipRow
                key={subscription.id}
                subscription={subscription}
                onCancel={() => setToCancel(subscription)}
                onChange={() => setToChange(subscription)}
              />
            ))}
          </ul>
        )}
      </div>
      {toCancel && <CancelDialog subscription={toCancel} onClose={() => setToCancel(null)} />}
      {toChange && <ChangeTierDialog subscription={toChange} onClose={() => setToChange(null)} />}
    </section>
  );
}

function MembershipRow({
  subscription: sub,
  onCancel,
  onChange,
}: {
  subscription: Subscription;
  onCancel: () => void;
  onChange: () => void;
}) {
  const { t, i18n } = useTranslation();
  const periodEnd = sub.currentPeriodEnd ? formatDate(sub.currentPeriodEnd, i18n.language) : null;
  const pausedUntil = sub.pausedUntil ? formatDate(sub.pausedUntil, i18n.language) : null;
  const isRenewing = sub.status === 'active' && !sub.cancelAtPeriodEnd && !pausedUntil;
  return (
    <li className="d-flex flex-wrap align-items-center gap-2 border-bottom pb-3">
      <Avatar src={sub.creatorImage} name={sub.creatorName} size={40} />
      <span className="fw-semibold">{sub.creatorName}</span>
      <TierBadge tier={sub.tier} />
      {sub.isComplimentary ? (
        <span className="badge text-bg-info" data-testid="membership-complimentary">
          {t('wallet.complimentary')}
        </span>
      ) : (
        <span className="small" data-testid="membership-price">
          {t(sub.interval === 'year' ? 'wallet.membershipPriceYearly' : 'wallet.membershipPrice', {
            price: formatMoney(sub.priceCents, sub.currency, i18n.language),
          })}
        </span>
      )}
      <span className={`badge ${sub.isActive ? 'text-bg-success' : 'text-bg-secondary'}`}>
        {sub.isComplimentary && sub.isActive
          ? t('wallet.status.active')
          : sub.cancelAtPeriodEnd && sub.isActive
            ? t('wallet.status.cancelling')
            : sub.isPaused
              ? t('wallet.status.paused')
              : t(`wallet.status.${sub.status}`)}
      </span>
      {periodEnd && (
        <span className="small aura-muted">
          {isRenewing
            ? t('wallet.renewsOn', { date: periodEnd })
            : sub.isActive
              ? t('wallet.accessUntil', { date: periodEnd })
              : null}
        </span>
      )}
      {sub.trialEndsAt && (
        <span
          className="small fw-semibold text-success-emphasis"
          data-testid="membership-trial-until"
        >
          {t('wallet.trialUntil', { date: formatDate(sub.trialEndsAt, i18n.language) })}
        </span>
      )}
      {pausedUntil && (
        <span className="small" data-testid="membership-paused-until">
          {t('wallet.pausedUntil', { date: pausedUntil })}
        </span>
      )}
      {sub.pendingTier && periodEnd && (
        <span className="small" data-testid="membership-pending-tier">
          {t('wallet.changesTo', { tier: sub.pendingTier, date: periodEnd })}
        </span>
      )}
      {isRenewing && (
        <div className="ms-auto d-flex flex-wrap gap-2">
          {(sub.tierChanges.length > 0 || sub.pendingTier) && (
            <button type="button" className="btn btn-outline-primary btn-sm" onClick={onChange}>
              {t('wallet.changeTier')}
            </button>
          )}
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={onCancel}>
            {t('wallet.cancelMembership')}
          </button>
        </div>
      )}
      {pausedUntil && sub.status === 'active' && <ResumeButton subscription={sub} />}
    </li>
  );
}

function ResumeButton({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const resume = useResumeSubscription(subscription.id);
  return (
    <div className="ms-auto d-flex flex-column align-items-end gap-1">
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        disabled={resume.isPending}
        onClick={() => resume.mutate()}
      >
        {t('wallet.resumeMembership')}
      </button>
      {resume.isError && (
        <div className="small text-danger" role="alert">
          {t('wallet.resumeError', { message: resume.error.message })}
        </div>
      )}
    </div>
  );
}

/** "Pause instead": the number of periods (months, or years of a yearly plan), then the pause. */
function PauseInstead({
  subscription,
  onDone,
}: {
  subscription: Subscription;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [periods, setPeriods] = useState<PausePeriods>(1);
  const pause = usePauseSubscription(subscription.id, onDone);
  return (
    <section className="border rounded p-3 mb-3" aria-labelledby="pause-instead-title">
      <h3 className="h6" id="pause-instead-title">
        {t('wallet.pauseInsteadTitle')}
      </h3>
      <p className="small mb-2">{t('wallet.pauseInsteadText')}</p>
      <fieldset className="mb-2">
        <legend className="small fw-semibold mb-1">{t('wallet.pauseFor')}</legend>
        <div className="d-flex flex-wrap gap-3">
          {PAUSE_PERIODS.map((n) => (
            <div className="form-check" key={n}>
              <input
                className="form-check-input"
                type="radio"
                name="pause-periods"
                id={`pause-periods-${n}`}
                checked={periods === n}
                onChange={() => setPeriods(n)}
              />
              <label className="form-check-label" htmlFor={`pause-periods-${n}`}>
                {t(subscription.interval === 'year' ? 'wallet.pauseYears' : 'wallet.pausePeriods', {
                  count: n,
                })}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      <Button variant="primary" disabled={pause.isPending} onClick={() => pause.mutate(periods)}>
        {t('wallet.pauseInstead')}
      </Button>
      {pause.isError && (
        <div className="alert alert-danger mt-3 mb-0" role="alert">
          {t('wallet.pauseError', { message: pause.error.message })}
        </div>
      )}
    </section>
  );
}

function CancelDialog({
  subscription,
  onClose,
}: {
  subscription: Subscription;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const cancel = useCancelSubscription(subscription.id, onClose);
  const date = subscription.currentPeriodEnd
    ? formatDate(subscription.currentPeriodEnd, i18n.language)
    : '—';
  return (
    <Modal show onHide={onClose} centered>
      <Modal.Header closeButton>
        <Modal.Title>{t('wallet.cancelMembership')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {subscription.canPause && <PauseInstead subscription={subscription} onDone={onClose} />}
        <p className="mb-0">
          {t('wallet.cancelConfirm', {
            tier: subscription.tier,
            creator: subscription.creatorName,
            date,
          })}
        </p>
        {cancel.isError && (
          <div className="alert alert-danger mt-3 mb-0" role="alert">
            {t('wallet.cancelError', { message: cancel.error.message })}
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          {t('wallet.keepMembership')}
        </Button>
        <Button variant="danger" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
          {t('wallet.cancelMembership')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

/**
 * "Change tier": the tiers open now with the server's quote (an upgrade's price to pay now for
 * the rest of the period, a downgrade's date), and keeping the current tier when a downgrade is
 * pending.
 */
function ChangeTierDialog({
  subscription: sub,
  onClose,
}: {
  subscription: Subscription;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const choices: { tier: PaidTier; text: string }[] = [
    ...sub.tierChanges.map((change) => ({
      tier: change.tier,
      text: t(
        change.direction === 'upgrade'
          ? sub.interval === 'year'
            ? 'wallet.changeUpgradeYearly'
            : 'wallet.changeUpgrade'
          : sub.interval === 'year'
            ? 'wallet.changeDowngradeYearly'
            : 'wallet.changeDowngrade',
        {
          tier: change.tier,
          now: formatMoney(change.amountCents, change.currency, i18n.language),
          date: formatDate(change.effectiveAt, i18n.language),
          // The server's renewal price after the change (a yearly plan's at the creator's yearly prices).
          price: formatMoney(change.priceAfterCents, change.currency, i18n.language),
        },
      ),
    })),
    ...(sub.pendingTier && sub.tier !== 'Aura'
      ? [{ tier: sub.tier, text: t('wallet.changeKeep', { tier: sub.tier }) }]
      : []),
  ];
  const [tier, setTier] = useState<PaidTier | null>(
    choices.find((c) => c.tier !== sub.pendingTier)?.tier ?? null,
  );
  const change = useChangeSubscriptionTier(sub.id, onClose);
  return (
    <Modal show onHide={onClose} centered>
      <Modal.Header closeButton>
        <Modal.Title>{t('wallet.changeTier')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small">
          {t('wallet.changeIntro', { tier: sub.tier, creator: sub.creatorName })}
        </p>
        <fieldset>
          <legend className="visually-hidden">{t('wallet.changeTier')}</legend>
          {choices.map((choice) => (
            <div className="form-check mb-2" key={choice.tier}>
              <input
                className="form-check-input"
                type="radio"
                name="change-tier"
                id={`change-tier-${choice.tier}`}
                checked={tier === choice.tier}
                onChange={() => setTier(choice.tier)}
              />
              <label className="form-check-label" htmlFor={`change-tier-${choice.tier}`}>
                {choice.text}
              </label>
            </div>
          ))}
        </fieldset>
        {change.isError && (
          <div className="alert alert-danger mt-3 mb-0" role="alert">
            {t('wallet.changeError', { message: change.error.message })}
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          {t('wallet.changeClose')}
        </Button>
        <Button
          variant="primary"
          disabled={tier === null || change.isPending}
          onClick={() => tier && change.mutate(tier)}
        >
          {t('wallet.changeConfirm')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
