import { useEffect, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { PAID_TIERS, type PaidTier } from '../../../../../common/rules/tiers';

/** What the creator has typed into each paid tier's field. */
export type TierDraft = Record<PaidTier, string>;

/**
 * A creator setting with one field per paid tier (issue 43: trial days, yearly prices): the
 * server's values fill the draft once loaded (the fields take input from then on), a valid
 * draft is saved, and the form says when the
 * save went through or failed. `name` makes the title's id (`{name}-title`); `fieldId` makes each
 * field's id and test id (`{fieldId}-{tier}`). `draftOf` must be stable (a module-level
 * function): a new one would refill the draft with the server's values on every render.
 */
export function TierSettingsForm<T, B>({
  name,
  fieldId,
  texts,
  input,
  initialDraft,
  loaded,
  draftOf,
  check,
  save,
}: {
  name: string;
  fieldId: string;
  texts: {
    title: string;
    hint: string;
    label: (tier: PaidTier) => string;
    invalid: (tier: PaidTier) => string;
    save: string;
    saved: string;
    saveFailed: string;
  };
  /** How each field takes its value (type, input mode, bounds). */
  input: Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'min' | 'max' | 'step'>;
  initialDraft: TierDraft;
  loaded: { data: T | undefined; isPending: boolean; isError: boolean };
  draftOf: (data: T) => TierDraft;
  /** The request a draft makes, null when it is not valid, and which tiers' fields are. */
  check: (draft: TierDraft) => { body: B | null; isTierValid: (tier: PaidTier) => boolean };
  save: {
    mutate: (body: B, options: { onSuccess: () => void }) => void;
    isPending: boolean;
    isError: boolean;
  };
}) {
  const [draft, setDraft] = useState(initialDraft);
  const [saved, setSaved] = useState(false);
  const data = loaded.data;
  useEffect(() => {
    if (data) setDraft(draftOf(data));
  }, [data, draftOf]);

  const { body, isTierValid } = check(draft);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (body === null) return;
    setSaved(false);
    save.mutate(body, { onSuccess: () => setSaved(true) });
  };

  return (
    <section className="card shadow-sm mt-4" aria-labelledby={`${name}-title`}>
      <form className="card-body d-flex flex-column gap-3" onSubmit={submit} noValidate>
        <div>
          <h2 id={`${name}-title`} className="h5 mb-1">
            {texts.title}
          </h2>
          <p className="small aura-muted mb-0">{texts.hint}</p>
        </div>
        <div className="row g-3">
          {PAID_TIERS.map((tier) => (
            <div className="col-sm-6" key={tier}>
              <label className="form-label" htmlFor={`${fieldId}-${tier}`}>
                {texts.label(tier)}
              </label>
              <input
                id={`${fieldId}-${tier}`}
                data-testid={`${fieldId}-${tier}`}
                {...input}
                className={`form-control${isTierValid(tier) ? '' : ' is-invalid'}`}
                value={draft[tier]}
                // Until the server's values arrive they would replace whatever was typed.
                disabled={loaded.isPending}
                onChange={(event) => {
                  setSaved(false);
                  setDraft((d) => ({ ...d, [tier]: event.target.value }));
                }}
              />
              <div className="invalid-feedback">{texts.invalid(tier)}</div>
            </div>
          ))}
        </div>
        <div className="d-flex align-items-center gap-3" aria-live="polite">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={body === null || save.isPending || loaded.isPending}
          >
            {texts.save}
          </button>
          {saved && <span className="small text-success-emphasis">{texts.saved}</span>}
          {(save.isError || loaded.isError) && (
            <span className="small text-danger" role="alert">
              {texts.saveFailed}
            </span>
          )}
        </div>
      </form>
    </section>
  );
}
