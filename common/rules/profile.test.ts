import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROFILE_COMPLETION_FIELDS, profileCompletion } from './profile';

describe('profileCompletion (SPEC §3 profile response)', () => {
  it('is 0 for an empty profile and 100 for a full one', () => {
    expect(profileCompletion({})).toBe(0);
    const full = Object.fromEntries(PROFILE_COMPLETION_FIELDS.map((f) => [f, 'x']));
    expect(profileCompletion(full)).toBe(100);
  });

  it('counts only fields with something other than white space', () => {
    expect(profileCompletion({ bio: 'Hi', location: '   ', website: null, gender: '' })).toBe(10);
    expect(profileCompletion({ givenName: 'A', familyName: 'B', picture: '/p.png' })).toBe(30);
  });

  it('is the whole percent of filled fields for any combination', () => {
    const value = fc.option(fc.oneof(fc.constant(''), fc.constant(' '), fc.string()), {
      nil: null,
    });
    const profile = fc.record(
      Object.fromEntries(PROFILE_COMPLETION_FIELDS.map((f) => [f, value])) as Record<
        (typeof PROFILE_COMPLETION_FIELDS)[number],
        typeof value
      >,
    );
    fc.assert(
      fc.property(profile, (p) => {
        const filled = PROFILE_COMPLETION_FIELDS.filter((f) => (p[f] ?? '').trim() !== '').length;
        expect(profileCompletion(p)).toBe(
          Math.round((filled * 100) / PROFILE_COMPLETION_FIELDS.length),
        );
      }),
    );
  });
});
