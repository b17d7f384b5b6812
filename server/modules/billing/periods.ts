/** One month later on the same day and time (UTC), clamped to the month's last day (Jan 31 -> Feb 28). */
export function addMonth(date: Date): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(date.getTime());
  result.setUTCDate(1);
  result.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return result;
}

/** First instant of the UTC calendar month containing `date` (earnings "current month"). */
export const startOfUtcMonth = (date: Date) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));

/** One year later on the same day and time (UTC); Feb 29 becomes Feb 28 in a common year. */
export function addYear(date: Date): Date {
  const year = date.getUTCFullYear() + 1;
  const month = date.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(date.getTime());
  result.setUTCDate(1);
  result.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return result;
}

/** The end of a billing period of `interval` that starts at `start` (issue 43). */
export const addPeriod = (start: Date, interval: 'month' | 'year'): Date =>
  interval === 'year' ? addYear(start) : addMonth(start);
