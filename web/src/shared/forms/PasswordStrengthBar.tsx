import { useTranslation } from 'react-i18next';
import { passwordStrength, strengthVariant } from '../../../../common/rules/password';

/** SPEC §5 strength bar: the shared score, coloured danger below 50, warning below 75, else success. */
export function PasswordStrengthBar({ password, id }: { password: string; id: string }) {
  const { t } = useTranslation();
  if (password === '') {
    return (
      <div id={id} className="form-text">
        {t('register.strength.hint')}
      </div>
    );
  }
  const score = passwordStrength(password);
  const variant = strengthVariant(score);
  const level = t(`register.strength.${variant}`);
  return (
    <div id={id} className="mt-2">
      <div
        className="progress"
        role="progressbar"
        aria-label={t('register.strength.label')}
        aria-valuenow={score}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={level}
        style={{ height: 6 }}
      >
        <div
          className={`progress-bar bg-${variant}`}
          data-testid="password-strength-bar"
          data-variant={variant}
          style={{ width: `${score}%` }}
        />
      </div>
      <div className="form-text" aria-live="polite">
        {t('register.strength.label')}: {level}
        {variant !== 'success' && <> · {t('register.strength.hint')}</>}
      </div>
    </div>
  );
}
