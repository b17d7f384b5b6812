import {
  useFormState,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';

/**
 * A field's current error: its message is a form message key or the server's text.
 * Subscribing here, not in the page, re-renders only the field whose error changed.
 */
export function useFieldError<T extends FieldValues, U>(
  form: UseFormReturn<T, unknown, U>,
  name: Path<T>,
): FieldError | undefined {
  const formState = useFormState({ control: form.control, name });
  return form.getFieldState(name, formState).error;
}
