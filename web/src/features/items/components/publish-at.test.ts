import { describe, expect, it } from 'vitest';
import { isoToLocalInput, localInputToIso } from './publish-at';

describe('localInputToIso', () => {
  it('keeps the local wall time and adds the offset it has here', () => {
    const iso = localInputToIso('2026-12-01T18:30');
    expect(iso).toMatch(/^2026-12-01T18:30:00[+-]\d{2}:\d{2}$/);
    expect(new Date(iso!).getTime()).toBe(new Date(2026, 11, 1, 18, 30).getTime());
  });

  it('refuses text that is not a local time', () => {
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('2026-12-01')).toBeNull();
    expect(localInputToIso('2026-13-45T99:99')).toBeNull();
  });
});

describe('isoToLocalInput', () => {
  it('shows a stored time as the local wall time the picker started from', () => {
    const iso = localInputToIso('2027-03-04T09:05')!;
    expect(isoToLocalInput(iso)).toBe('2027-03-04T09:05');
    expect(isoToLocalInput(new Date(iso).toISOString())).toBe('2027-03-04T09:05');
  });

  it('leaves the picker empty for text that is not a time', () => {
    expect(isoToLocalInput('soon')).toBe('');
  });
});
