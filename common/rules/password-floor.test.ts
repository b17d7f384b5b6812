import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passwordFloorProblem } from './common-passwords';
import { isWeakPassword, PASSWORD_MIN_LENGTH, passwordShapeProblem } from './password';

describe('passwordFloorProblem (issue 18, ASVS 5.0 V6)', () => {
  it.each([
    ['a', 'passwordFloorLength'],
    ['a!', 'passwordFloorLength'],
    ['Ab1!xyz', 'passwordFloorLength'],
    ['password', 'passwordCommon'],
    ['Password1', 'passwordCommon'],
    ['12345678', 'passwordCommon'],
    ['qwertyuiop', 'passwordCommon'],
    ['!!!!!!!!', 'passwordCommon'],
    ['zzzzzzzzzzzz', 'passwordCommon'],
    ['kqzwvbx7', null],
    ['Aura-Accounts-2025!', null],
  ])('%j: %s', (password, problem) => {
    expect(passwordFloorProblem(password)).toBe(problem);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordFloorProblem('😀😀😀😀')).toBe('passwordFloorLength');
    expect(passwordFloorProblem('😀😀😀😀a1b2')).toBeNull();
  });

  it('refuses every password under 8 characters, whatever its SPEC §5 score', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: PASSWORD_MIN_LENGTH - 1 }), (password) => {
        if ([...password].length < PASSWORD_MIN_LENGTH) {
          expect(passwordFloorProblem(password)).toBe('passwordFloorLength');
        }
      }),
    );
  });

  it('leaves the SPEC §5 weak rule above the floor as it was', () => {
    expect(passwordFloorProblem('abcdefgh')).toBeNull();
    expect(isWeakPassword('abcdefgh')).toBe(true);
  });
});

describe('passwordShapeProblem (what a form checks as one types)', () => {
  it('is the floor without the common-password list', () => {
    expect(passwordShapeProblem('a!')).toBe('passwordFloorLength');
    expect(passwordShapeProblem('!!!!!!!!')).toBe('passwordCommon');
    expect(passwordShapeProblem('password')).toBeNull();
    expect(passwordFloorProblem('password')).toBe('passwordCommon');
  });
});
