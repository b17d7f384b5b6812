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
  ])('%j: %s', async (password, problem) => {
    expect(await passwordFloorProblem(password)).toBe(problem);
  });

  it('counts characters, not UTF-16 units', async () => {
    expect(await passwordFloorProblem('😀😀😀😀')).toBe('passwordFloorLength');
    expect(await passwordFloorProblem('😀😀😀😀a1b2')).toBeNull();
  });

  it('refuses every password under 8 characters, whatever its SPEC §5 score', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: PASSWORD_MIN_LENGTH - 1 }), async (password) => {
        if ([...password].length < PASSWORD_MIN_LENGTH) {
          expect(await passwordFloorProblem(password)).toBe('passwordFloorLength');
        }
      }),
    );
  });

  it('leaves the SPEC §5 weak rule above the floor as it was', async () => {
    expect(await passwordFloorProblem('abcdefgh')).toBeNull();
    expect(isWeakPassword('abcdefgh')).toBe(true);
  });
});

describe('passwordShapeProblem (what a form checks as one types)', () => {
  it('is the floor without the common-password list', async () => {
    expect(passwordShapeProblem('a!')).toBe('passwordFloorLength');
    expect(passwordShapeProblem('!!!!!!!!')).toBe('passwordCommon');
    expect(passwordShapeProblem('password')).toBeNull();
    expect(await passwordFloorProblem('password')).toBe('passwordCommon');
  });
});
