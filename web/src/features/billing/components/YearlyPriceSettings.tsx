import { useTranslation } from 'react-i18next';
import { centsToDecimalString, formatMoney } from '../../../../../common/rules/money';
import { defaultYearlyPriceCents, yearlyPriceBounds } from '../../../../../common/rules/plans';
import { TIER_CURRENCY, TIER_PRICE_CENTS, type PaidTier } from '../../../../../common/rules/tiers';
import { parsePriceToCents } from '../../../../../common/schemas/billing';
import {
  SetMembershipPlansRequest,
  type MembershipPlans,
} from '../../../../../common/schemas/plans';
import { useOwnPlans, useSetPlans } from '../api/plans';
import { TierSettingsForm, type TierDraft } from './TierSettingsForm';

/** The amount as the field shows it: plain decimals ("50.00"), typed back by the creator. */
const asField = centsToDecimalString;

const draftOf = (plans: MembershipPlans): TierDraft => ({
  Hypr: asField(plans.Hypr.yearlyCents),
  HyprSoul: asField(plans.HyprSoul.yearlyCents),
});

const check = (draft: TierDraft) => {
  const cents = (tier: PaidTier) => parsePriceToCents(draft[tier].trim()) ?? NaN;
  const checked = SetMembershipPlansRequest.safeParse({
    Hypr: cents('Hypr'),
    HyprSoul: cents('HyprSoul'),
  });
  return {
    body: checked.success ? checked.data : null,
    isTierValid: (tier: PaidTier) =>
      checked.success || !checked.error.issues.some((issue) => issue.path[0] === tier),
  };
};

/**
 * Issue 43, creator settings: the yearly price of each paid tier, between one and twelve monthly
 * prices (ten by default), checked with the server's own schema before it is sent.
 */
export function YearlyPriceSettings() {
  const { t, i18n } = useTranslation();
  const plans = useOwnPlans();
  const save = useSetPlans();
  const money = (value: number) => formatMoney(value, TIER_CURRENCY, i18n.language);
  return (
    <TierSettingsForm
      name="yearly-price-settings"
      fieldId="yearly-price"
      texts={{
        title: t('plans.settingsTitle'),
        hint: t('plans.settingsHint', { example: money(defaultYearlyPriceCents('Hypr')) }),
        label: (tier) => t('plans.fieldLabel', { tier, monthly: money(TIER_PRICE_CENTS[tier]) }),
        invalid: (tier) => {
          const bounds = yearlyPriceBounds(tier);
          return t('plans.invalid', { min: money(bounds.minCents), max: money(bounds.maxCents) });
        },
        save: t('plans.save'),
        saved: t('plans.saved'),
        saveFailed: t('plans.saveFailed'),
      }}
      input={{ type: 'text', inputMode: 'decimal' }}
      initialDraft={{ Hypr: '', HyprSoul: '' }}
      loaded={plans}
      draftOf={draftOf}
      check={check}
      save={save}
    />
  );
}
