/**
 * Free trials (issue 43): a creator's paid tier may start with up to this many free days. The
 * first period lasts the trial and costs nothing; the renewal at its end charges the tier's price.
 * One trial per person per creator, ever.
 */
export const TRIAL_DAYS_MAX = 30;

const DAY_MS = 24 * 3600 * 1000;

/** When a trial that starts at `start` ends. */
export const trialEnd = (start: Date, days: number): Date =>
  new Date(start.getTime() + days * DAY_MS);
