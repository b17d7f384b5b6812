import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useFormMessage } from './form-messages';
import { useFieldError } from './useFieldError';

/** A checkbox an account form may require (terms, newsletter consent), with its translated error. */
export function CheckField<T extends FieldValues, U>({
  form,
  name,
  id,
  label,
  errorId = `${id}-error`,
  className = 'mb-3',
}: {
  form: UseFormReturn<T, unknown, U>;
  name: Path<T>;
  id: string;
  label: ReactNode;
  errorId?: string;
  className?: string;
}) {
  const message = useFormMessage();
  const error = useFieldError(form, name);
  return (
    <Form.Group className={className}>
      <Form.Check id={id}>
        <Form.Check.Input
          isInvalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          {...form.register(name)}
        />
        <Form.Check.Label>{label}</Form.Check.Label>
        <Form.Control.Feedback type="invalid" id={errorId}>
          {message(error?.message)}
        </Form.Control.Feedback>
      </Form.Check>
    </Form.Group>
  );
}
