import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { authKeys, checkAvailability } from './auth';
import {
  AVAILABILITY_DEBOUNCE_MS,
  availabilityStatus,
  type AvailabilityStatus,
} from '../../../shared/forms/availability';

function useDebouncedValue(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** The live availability check of a /register field, debounced (SPEC §5). */
export function useAvailability(
  field: 'username' | 'email',
  rawValue: string,
  isCheckable: (value: string) => boolean,
): AvailabilityStatus {
  const value = rawValue.trim();
  const checkedValue = useDebouncedValue(value, AVAILABILITY_DEBOUNCE_MS);
  const canCheck = isCheckable(value);
  const answer = useQuery({
    queryKey: authKeys.availability(field, checkedValue),
    queryFn: ({ signal }) => checkAvailability(field, checkedValue, signal),
    enabled: canCheck && value === checkedValue,
    retry: false,
    staleTime: 10_000,
  });
  return availabilityStatus({
    value,
    checkedValue,
    isCheckable: canCheck,
    answer: { isPending: answer.isPending, isError: answer.isError, available: answer.data },
  });
}
