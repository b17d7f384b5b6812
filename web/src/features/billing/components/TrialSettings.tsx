import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TRIAL_DAYS_MAX } from '../../../../../common/rules/trials';
import { TrialDays, type MembershipTrials } from '../../../../../common/schemas/trials';
import { useOwnTrials, useSetTrials } from '../api/trials';

const PAID = ['Hypr', 'HyprSoul'] as const;

/**
 * Issue 43, creator settings: "Free trial (days)" per paid tier, 0 to 30 (0 is no trial),
 * checked with the server's own schema before it is sent.
 */
export function TrialSettings() {
  const { t } = useTranslation();
  const trials = useOwnTrials();
  const save = useSetTrials();
  const [draft, setDraft] = useState<Record<(typeof PAID)[number], string>>({
    Hypr: '0',
    HyprSoul: '0',
  });
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (trials.data) {
      setDraft({ Hypr: String(trials.data.Hypr), HyprSoul: String(trials.data.HyprSoul) });
    }
  }, [trials.data]);

  const parsed = (tier: (typeof PAID)[number]) =>
    TrialDays.safeParse(draft[tier].trim() === '' ? NaN : Number(draft[tier]));
  const isValid = PAID.every((tier) => parsed(tier).success);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValid) return;
    const body: MembershipTrials = { Hypr: Number(draft.Hypr), HyprSoul: Number(draft.HyprSoul) };
    setSaved(false);
    save.mutate(body, { onSuccess: () => setSaved(true) });
  };

  return (
    <section className="card shadow-sm mt-4" aria-labelledby="trial-settings-title">
      <form className="card-body d-flex flex-column gap-3" onSubmit={submit} noValidate>
        <div>
          <h2 id="trial-settings-title" className="h5 mb-1">
            {t('trials.settingsTitle')}
          </h2>
          <p className="small aura-muted mb-0">
            {t('trials.settingsHint', { max: TRIAL_DAYS_MAX })}
          </p>
        </div>
        <div className="row g-3">
          {PAID.map((tier) => (
            <div className="col-sm-6" key={tier}>
              <label className="form-label" htmlFor={`trial-days-${tier}`}>
                {t('trials.fieldLabel', { tier })}
              </label>
              <input
                id={`trial-days-${tier}`}
                data-testid={`trial-days-${tier}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={TRIAL_DAYS_MAX}
                step={1}
                className={`form-control${parsed(tier).success ? '' : ' is-invalid'}`}
                value={draft[tier]}
                onChange={(event) => {
                  setSaved(false);
                  setDraft((d) => ({ ...d, [tier]: event.target.value }));
                }}
              />
              <div className="invalid-feedback">
                {t('trials.invalidDays', { max: TRIAL_DAYS_MAX })}
              </div>
            </div>
          ))}
        </div>
        <div className="d-flex align-items-center gap-3" aria-live="polite">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={!isValid || save.isPending || trials.isPending}
          >
            {t('trials.save')}
          </button>
          {saved && <span className="small text-success-emphasis">{t('trials.saved')}</span>}
          {(save.isError || trials.isError) && (
            <span className="small text-danger" role="alert">
              {t('trials.saveFailed')}
            </span>
          )}
        </div>
      </form>
    </section>
  );
}
