import type { ReactNode } from 'react';
import { useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordStrengthBar } from './PasswordStrengthBar';
import { NEW_PASSWORD_INPUT, TextField } from './TextField';

/**
 * SPEC §5 new password: the password with its strength bar (`<prefix>-password-strength`), then
 * its confirmation; `children` go between the two (the weak-password acceptance of /register).
 */
export function NewPasswordFields<
  T extends FieldValues & { password: string; confirmPassword: string },
  U,
>({
  form,
  idPrefix,
  confirmErrorId,
  isErrorFirst,
  children,
}: {
  form: UseFormReturn<T, unknown, U>;
  idPrefix: string;
  confirmErrorId?: string;
  isErrorFirst?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  // Every T has both fields (the constraint), but Path<T> cannot be resolved for a generic T.
  const password = 'password' as Path<T>;
  const confirmPassword = 'confirmPassword' as Path<T>;
  const value: unknown = useWatch({ control: form.control, name: password });
  const strengthId = `${idPrefix}-password-strength`;
  return (
    <>
      <TextField
        form={form}
        name={password}
        id={`${idPrefix}-password`}
        label={t('register.password')}
        helpIds={[strengthId]}
        isErrorFirst={isErrorFirst}
        {...NEW_PASSWORD_INPUT}
      >
        <PasswordStrengthBar password={typeof value === 'string' ? value : ''} id={strengthId} />
      </TextField>
      {children}
      <TextField
        form={form}
        name={confirmPassword}
        id={`${idPrefix}-confirm-password`}
        errorId={confirmErrorId}
        label={t('register.confirmPassword')}
        isErrorFirst={isErrorFirst}
        {...NEW_PASSWORD_INPUT}
      />
    </>
  );
}
