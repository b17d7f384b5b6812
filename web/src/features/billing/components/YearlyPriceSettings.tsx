import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { centsToDecimalString, formatMoney } from '../../../../../common/rules/money';
import { defaultYearlyPriceCents, yearlyPriceBounds } from '../../../../../common/rules/plans';
import { TIER_CURRENCY, TIER_PRICE_CENTS } from '../../../../../common/rules/tiers';
import { parsePriceToCents } from '../../../../../common/schemas/billing';
import {
  SetMembershipPlansRequest,
  type SetMembershipPlansRequest as PlansBody,
} from '../../../../../common/schemas/plans';
import { useOwnPlans, useSetPlans } from '../api/plans';

const PAID = ['Hypr', 'HyprSoul'] as const;

/** The amount as the field shows it: plain decimals ("50.00"), typed back by the creator. */
const asField = centsToDecimalString;

/**
 * Issue 43, creator settings: the yearly price of each paid tier, between one and twelve monthly
 * prices (ten by default), checked with the server's own schema before it is sent.
 */
export function YearlyPriceSettings() {
  const { t, i18n } = useTranslation();
  const plans = useOwnPlans();
  const save = useSetPlans();
  const [draft, setDraft] = useState<Record<(typeof PAID)[number], string>>({
    Hypr: '',
    HyprSoul: '',
  });
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (plans.data) {
      setDraft({
        Hypr: asField(plans.data.Hypr.yearlyCents),
        HyprSoul: asField(plans.data.HyprSoul.yearlyCents),
      });
    }
  }, [plans.data]);

  const cents = (tier: (typeof PAID)[number]) => parsePriceToCents(draft[tier].trim()) ?? NaN;
  const body = { Hypr: cents('Hypr'), HyprSoul: cents('HyprSoul') };
  const checked = SetMembershipPlansRequest.safeParse(body);
  const isTierValid = (tier: (typeof PAID)[number]) =>
    !checked.success && checked.error.issues.some((issue) => issue.path[0] === tier) ? false : true;
  const money = (value: number) => formatMoney(value, TIER_CURRENCY, i18n.language);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!checked.success) return;
    const valid: PlansBody = checked.data;
    setSaved(false);
    save.mutate(valid, { onSuccess: () => setSaved(true) });
  };

  return (
    <section className="card shadow-sm mt-4" aria-labelledby="yearly-price-settings-title">
      <form className="card-body d-flex flex-column gap-3" onSubmit={submit} noValidate>
        <div>
          <h2 id="yearly-price-settings-title" className="h5 mb-1">
            {t('plans.settingsTitle')}
          </h2>
          <p className="small aura-muted mb-0">
            {t('plans.settingsHint', { example: money(defaultYearlyPriceCents('Hypr')) })}
          </p>
        </div>
        <div className="row g-3">
          {PAID.map((tier) => {
            const bounds = yearlyPriceBounds(tier);
            return (
              <div className="col-sm-6" key={tier}>
                <label className="form-label" htmlFor={`yearly-price-${tier}`}>
                  {t('plans.fieldLabel', { tier, monthly: money(TIER_PRICE_CENTS[tier]) })}
                </label>
                <input
                  id={`yearly-price-${tier}`}
                  data-testid={`yearly-price-${tier}`}
                  type="text"
                  inputMode="decimal"
                  className={`form-control${isTierValid(tier) ? '' : ' is-invalid'}`}
                  value={draft[tier]}
                  onChange={(event) => {
                    setSaved(false);
                    setDraft((d) => ({ ...d, [tier]: event.target.value }));
                  }}
                />
                <div className="invalid-feedback">
                  {t('plans.invalid', { min: money(bounds.minCents), max: money(bounds.maxCents) })}
                </div>
              </div>
            );
          })}
        </div>
        <div className="d-flex align-items-center gap-3" aria-live="polite">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={!checked.success || save.isPending || plans.isPending}
          >
            {t('plans.save')}
          </button>
          {saved && <span className="small text-success-emphasis">{t('plans.saved')}</span>}
          {(save.isError || plans.isError) && (
            <span className="small text-danger" role="alert">
              {t('plans.saveFailed')}
            </span>
          )}
        </div>
      </form>
    </section>
  );
}
