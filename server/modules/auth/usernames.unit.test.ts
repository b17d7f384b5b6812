import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { usernameProblem } from '../../../common/rules/account';
import { randomUsername, usernameCandidates, usernameStem } from './usernames';

describe('usernames for accounts made by Google sign-in', () => {
  it('derives a readable stem from the email, else the name', () => {
    expect(usernameStem('ada.lovelace@gmail.com', 'Ada')).toBe('ada_lovelace');
    expect(usernameStem('José.Núñez@mail.example', null)).toBe('Jose_Nunez');
    expect(usernameStem('jo@x.example', null)).toBe('jo_user');
    expect(usernameStem('...@x.example', 'Zoë Example')).toBe('Zoe_Example');
    expect(usernameStem('日本@x.example', '山田')).toBe('user');
  });

  it('numbers the candidates after the stem', () => {
    expect(usernameCandidates('ada_lovelace', 3)).toEqual([
      'ada_lovelace',
      'ada_lovelace_2',
      'ada_lovelace_3',
    ]);
    expect(randomUsername('ada', () => 0.0123)).toBe('ada_01230000');
  });

  it('always yields usernames the SPEC §5 rule accepts', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 80 }),
        fc.option(fc.string({ unit: 'grapheme', maxLength: 80 }), { nil: null }),
        fc.double({ min: 0, max: 0.999999, noNaN: true }),
        (local, name, random) => {
          const stem = usernameStem(`${local}@example.com`, name);
          for (const candidate of [
            ...usernameCandidates(stem, 20),
            randomUsername(stem, () => random),
          ]) {
            expect(usernameProblem(candidate)).toBeNull();
          }
        },
      ),
    );
  });
});
