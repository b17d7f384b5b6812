/** What the live availability check of /register shows next to a field (SPEC §5). */
export type AvailabilityStatus = 'idle' | 'checking' | 'available' | 'taken' | 'failed';

/** SPEC §5: the live check waits until typing pauses (about 400 ms). */
export const AVAILABILITY_DEBOUNCE_MS = 400;

/**
 * A value is only checked once it passes the field's own rules, and an answer only counts for
 * the value the user still has in the field: a late answer for an older value shows nothing.
 */
export function availabilityStatus(input: {
  value: string;
  checkedValue: string;
  isCheckable: boolean;
  answer: { isPending: boolean; isError: boolean; available: boolean | undefined };
}): AvailabilityStatus {
  if (!input.isCheckable) return 'idle';
  if (input.value !== input.checkedValue || input.answer.isPending) return 'checking';
  if (input.answer.isError) return 'failed';
  if (input.answer.available === undefined) return 'checking';
  return input.answer.available ? 'available' : 'taken';
}
