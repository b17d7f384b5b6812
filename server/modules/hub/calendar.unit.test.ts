import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startOfZonedDay, zonedDateOf, zonedDay, zonedWeekOf } from './calendar';

const ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'America/Santiago',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Pacific/Kiritimati',
  'America/St_Johns',
];

/** The calendar date of an instant as the platform's own formatter names it (en-CA is Y-M-D). */
const dateIn = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(instant);

describe('days in a time zone', () => {
  it('starts a day at local midnight, also on the days clocks change', () => {
    // Berlin: spring forward at 02:00 (a 23-hour Sunday), fall back at 03:00 (25 hours).
    expect(zonedDay({ year: 2035, month: 3, day: 25 }, 'Europe/Berlin')).toEqual({
      date: '2035-03-25',
      start: new Date('2035-03-24T23:00:00Z'),
      end: new Date('2035-03-25T22:00:00Z'),
    });
    expect(zonedDay({ year: 2025, month: 10, day: 26 }, 'Europe/Berlin')).toEqual({
      date: '2025-10-26',
      start: new Date('2025-10-25T22:00:00Z'),
      end: new Date('2025-10-26T23:00:00Z'),
    });
  });

  it('starts a day whose midnight was skipped at the first time that exists', () => {
    // Chile moved its clocks from 00:00 to 01:00 on 11 September 2022.
    expect(startOfZonedDay({ year: 2022, month: 9, day: 11 }, 'America/Santiago')).toEqual(
      new Date('2022-09-11T04:00:00Z'),
    );
  });

  it('puts every instant into the day that holds it, in any zone (property)', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1990-01-01T00:00:00Z'),
          max: new Date('2060-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(...ZONES),
        (instant, zone) => {
          const day = zonedDay(zonedDateOf(instant, zone), zone);
          expect(day.date).toBe(dateIn(instant, zone));
          expect(day.start.getTime()).toBeLessThanOrEqual(instant.getTime());
          expect(instant.getTime()).toBeLessThan(day.end.getTime());
          expect(dateIn(day.start, zone)).toBe(day.date);
          expect(dateIn(new Date(day.end.getTime() - 1), zone)).toBe(day.date);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('the week of an instant', () => {
  it('runs Monday to Sunday in the zone, whatever the UTC weekday', () => {
    // 23:30 on Sunday 25 March 2035 in Berlin is Sunday 21:30 UTC.
    const sunday = zonedWeekOf(new Date('2035-03-25T21:30:00Z'), 'Europe/Berlin');
    expect(sunday.todayIndex).toBe(6);
    expect(sunday.days.map((d) => d.date)).toEqual([
      '2035-03-19',
      '2035-03-20',
      '2035-03-21',
      '2035-03-22',
      '2035-03-23',
      '2035-03-24',
      '2035-03-25',
    ]);
    // The first instant of Monday in Berlin is still Sunday in UTC.
    const monday = zonedWeekOf(new Date('2035-03-18T23:00:00Z'), 'Europe/Berlin');
    expect(monday.todayIndex).toBe(0);
    expect(monday.days[0]!.start).toEqual(new Date('2035-03-18T23:00:00Z'));
    const lastMoment = zonedWeekOf(new Date('2035-03-18T22:59:59.999Z'), 'Europe/Berlin');
    expect(lastMoment.todayIndex).toBe(6);
    expect(lastMoment.days[6]!.end).toEqual(new Date('2035-03-18T23:00:00Z'));
  });

  it('is seven adjacent days (property)', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2050-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(...ZONES),
        (now, zone) => {
          const week = zonedWeekOf(now, zone);
          expect(week.days).toHaveLength(7);
          for (let i = 1; i < 7; i += 1) expect(week.days[i]!.start).toEqual(week.days[i - 1]!.end);
          const today = week.days[week.todayIndex]!;
          expect(today.start.getTime()).toBeLessThanOrEqual(now.getTime());
          expect(now.getTime()).toBeLessThan(today.end.getTime());
          const weekday = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short' });
          expect(weekday.format(week.days[0]!.start)).toBe('Mon');
        },
      ),
      { numRuns: 300 },
    );
  });
});
