import { useTranslation } from 'react-i18next';
import { TRIAL_DAYS_MAX } from '../../../../../common/rules/trials';
import { TrialDays, type MembershipTrials } from '../../../../../common/schemas/trials';
import { PAID_TIERS, type PaidTier } from '../../../../../common/rules/tiers';
import { useOwnTrials, useSetTrials } from '../api/trials';
import { TierSettingsForm, type TierDraft } from './TierSettingsForm';

const draftOf = (trials: MembershipTrials): TierDraft => ({
  Hypr: String(trials.Hypr),
  HyprSoul: String(trials.HyprSoul),
});

const check = (draft: TierDraft) => {
  const parsed = (tier: PaidTier) =>
    TrialDays.safeParse(draft[tier].trim() === '' ? NaN : Number(draft[tier]));
  const isValid = PAID_TIERS.every((tier) => parsed(tier).success);
  const body: MembershipTrials = { Hypr: Number(draft.Hypr), HyprSoul: Number(draft.HyprSoul) };
  return { body: isValid ? body : null, isTierValid: (tier: PaidTier) => parsed(tier).success };
};

/**
 * Issue 43, creator settings: "Free trial (days)" per paid tier, 0 to 30 (0 is no trial),
 * checked with the server's own schema before it is sent.
 */
export function TrialSettings() {
  const { t } = useTranslation();
  const trials = useOwnTrials();
  const save = useSetTrials();
  return (
    <TierSettingsForm
      name="trial-settings"
      fieldId="trial-days"
      texts={{
        title: t('trials.settingsTitle'),
        hint: t('trials.settingsHint', { max: TRIAL_DAYS_MAX }),
        label: (tier) => t('trials.fieldLabel', { tier }),
        invalid: () => t('trials.invalidDays', { max: TRIAL_DAYS_MAX }),
        save: t('trials.save'),
        saved: t('trials.saved'),
        saveFailed: t('trials.saveFailed'),
      }}
      input={{ type: 'number', inputMode: 'numeric', min: 0, max: TRIAL_DAYS_MAX, step: 1 }}
      initialDraft={{ Hypr: '0', HyprSoul: '0' }}
      loaded={trials}
      draftOf={draftOf}
      check={check}
      save={save}
    />
  );
}
