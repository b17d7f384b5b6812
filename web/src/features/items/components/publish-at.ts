/*
 * Issue 42: the upload form's schedule is typed in a `datetime-local` field, in the reader's own
 * time zone; the server wants an ISO 8601 time that carries its zone.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * `2026-12-01T18:30` as the reader's local time, with the offset that time has where they are
 * (`2026-12-01T18:30:00+01:00`), or null when the text is not a time.
 */
export function localInputToIso(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return null;
  // Without a zone the browser reads it as local time; a time that a clock change skips moves
  // forward, and the offset is taken from the time it lands on.
  const at = new Date(local);
  if (Number.isNaN(at.getTime())) return null;
  const offset = -at.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  const date = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}:00`;
  return `${date}T${time}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** An ISO time as the `datetime-local` field shows it in the reader's zone (`2026-12-01T18:30`). */
export function isoToLocalInput(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const date = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  return `${date}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** The reader's time zone by name (Europe/Berlin), shown next to the picker. */
export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;
