import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { describedBy } from './field-description';
import { useFormMessage } from './form-messages';
import { useFieldError } from './useFieldError';

/** How the browser and its password managers treat the account inputs. */
export const USERNAME_INPUT = {
  autoComplete: 'username',
  autoCapitalize: 'none',
  spellCheck: false,
} as const;
export const EMAIL_INPUT = { type: 'email', autoComplete: 'email' } as const;
export const NEW_PASSWORD_INPUT = { type: 'password', autoComplete: 'new-password' } as const;

export interface TextFieldProps<T extends FieldValues, U> {
  form: UseFormReturn<T, unknown, U>;
  name: Path<T>;
  /** The input's id; its hint and error take `<id>-hint` and `<id>-error`. */
  id: string;
  label: string;
  hint?: string;
  errorId?: string;
  /** Ids of the help texts the caller renders below the error (live status, strength). */
  helpIds?: readonly string[];
  /** The error is read before the help texts (as /auth's signup does), not after them. */
  isErrorFirst?: boolean;
  /** Marked invalid also without an error of its own (a taken name). */
  isInvalid?: boolean;
  /** Marked valid while it shows no error (an available name). */
  isValid?: boolean;
  type?: 'email' | 'password';
  autoComplete: string;
  autoCapitalize?: 'none';
  spellCheck?: boolean;
  children?: ReactNode;
}

/** A labelled input of an account form, bound to react-hook-form, with its translated error. */
export function TextField<T extends FieldValues, U>({
  form,
  name,
  id,
  label,
  hint,
  errorId = `${id}-error`,
  helpIds = [],
  isErrorFirst = false,
  isInvalid = false,
  isValid,
  children,
  ...input
}: TextFieldProps<T, U>) {
  const message = useFormMessage();
  const error = useFieldError(form, name);
  const hintId = `${id}-hint`;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...input}
        isInvalid={Boolean(error) || isInvalid}
        isValid={isValid && !error}
        aria-describedby={describedBy(
          hint ? [hintId, ...helpIds] : helpIds,
          error ? errorId : null,
          isErrorFirst,
        )}
        {...form.register(name)}
      />
      {hint && <Form.Text id={hintId}>{hint}</Form.Text>}
      <Form.Control.Feedback type="invalid" id={errorId}>
        {message(error?.message)}
      </Form.Control.Feedback>
      {children}
    </Form.Group>
  );
}
