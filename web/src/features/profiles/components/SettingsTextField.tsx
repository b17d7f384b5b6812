import { Form } from 'react-bootstrap';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useFieldError } from '../../../shared/forms/useFieldError';
import { useSettingsMessage } from './settings-messages';

/** A labelled text input or text area of a settings form, with its translated refusal. */
export function SettingsTextField<T extends FieldValues, U>({
  form,
  name,
  id,
  label,
  hint,
  rows,
  maxLength,
  type = 'text',
  inputMode,
}: {
  form: UseFormReturn<T, unknown, U>;
  name: Path<T>;
  id: string;
  label: string;
  hint?: string;
  /** A text area of this many rows. */
  rows?: number;
  maxLength?: number;
  type?: 'text' | 'url' | 'date' | 'tel';
  inputMode?: 'url' | 'tel';
}) {
  const message = useSettingsMessage();
  const error = useFieldError(form, name);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...(rows ? { as: 'textarea' as const, rows } : { type })}
        inputMode={inputMode}
        maxLength={maxLength}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...form.register(name)}
      />
      {hint && <Form.Text id={hintId}>{hint}</Form.Text>}
      <Form.Control.Feedback type="invalid" id={errorId}>
        {message(error?.message)}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
