import type { FieldValues, Path } from 'react-hook-form';
import type { AvailabilityStatus } from './availability';
import { AvailabilityFeedback } from './AvailabilityFeedback';
import { TextField, type TextFieldProps } from './TextField';
import { useFieldError } from './useFieldError';

/**
 * A username or email field with the live availability check of SPEC §5 (`<id>-status`):
 * red while the value is taken, green while it is free; its own error replaces the status.
 */
export function AvailabilityField<T extends FieldValues, U>({
  form,
  name,
  status,
  ...props
}: Omit<TextFieldProps<T, U>, 'name' | 'helpIds' | 'isInvalid' | 'isValid' | 'children'> & {
  name: Path<T> & ('username' | 'email');
  status: AvailabilityStatus;
}) {
  const error = useFieldError(form, name);
  const statusId = `${props.id}-status`;
  return (
    <TextField
      form={form}
      name={name}
      helpIds={[statusId]}
      isInvalid={status === 'taken'}
      isValid={status === 'available'}
      {...props}
    >
      {!error && <AvailabilityFeedback id={statusId} field={name} status={status} />}
    </TextField>
  );
}
