/*
 * Days and weeks in the operator's time zone (HUB_TIME_ZONE), computed with Intl in the
 * application: the embedded database may lack time-zone data, and the ledger's timestamps are
 * instants, so the hub turns calendar days into instant ranges here and the SQL compares those.
 */

export interface CalendarDate {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

export interface ZonedDay {
  /** YYYY-MM-DD in the time zone. */
  date: string;
  /** The first instant of the day. */
  start: Date;
  /** The first instant of the next day (exclusive end). */
  end: Date;
}

export interface ZonedWeek {
  /** Monday to Sunday. */
  days: ZonedDay[];
  /** Which of them is today: 0 (Monday) to 6 (Sunday). */
  todayIndex: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of `instant` in `timeZone`, as if it were UTC (milliseconds). */
function wallClockMs(instant: Date, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
    instant.getUTCMilliseconds(),
  );
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in milliseconds. */
const offsetMs = (instant: Date, timeZone: string) =>
  wallClockMs(instant, timeZone) - instant.getTime();

/** The calendar date `instant` falls on in `timeZone`. */
export function zonedDateOf(instant: Date, timeZone: string): CalendarDate {
  const wall = new Date(wallClockMs(instant, timeZone));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/**
 * The first instant of a calendar day in `timeZone`. The offset is taken at a first guess and
 * then again at the result, which settles days whose offset changes overnight (DST). Where a
 * zone skips midnight itself, the day starts at the first wall-clock time that exists.
 */
export function startOfZonedDay(date: CalendarDate, timeZone: string): Date {
  const midnightAsUtc = Date.UTC(date.year, date.month - 1, date.day);
  let start = midnightAsUtc - offsetMs(new Date(midnightAsUtc), timeZone);
  start = midnightAsUtc - offsetMs(new Date(start), timeZone);
  // Skipped midnight: the computed instant lies on the day before; the day begins an offset later.
  const landed = zonedDateOf(new Date(start), timeZone);
  if (landed.day !== date.day)
    start += offsetMs(new Date(start + 86_400_000), timeZone) - offsetMs(new Date(start), timeZone);
  return new Date(start);
}

/** `date` plus `days` calendar days (no time zone involved). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

export const isoDate = (date: CalendarDate): string =>
  `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;

export function zonedDay(date: CalendarDate, timeZone: string): ZonedDay {
  return {
    date: isoDate(date),
    start: startOfZonedDay(date, timeZone),
    end: startOfZonedDay(addDays(date, 1), timeZone),
  };
}

/** The week of `now` in `timeZone`, Monday to Sunday (SPEC §2 weekly revenue). */
export function zonedWeekOf(now: Date, timeZone: string): ZonedWeek {
  const today = zonedDateOf(now, timeZone);
  // getUTCDay: 0 is Sunday; the week starts on Monday.
  const todayIndex =
    (new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay() + 6) % 7;
  const monday = addDays(today, -todayIndex);
  return {
    days: Array.from({ length: 7 }, (_, i) => zonedDay(addDays(monday, i), timeZone)),
    todayIndex,
  };
}
