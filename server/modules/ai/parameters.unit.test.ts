import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STUDIO_PARAMETERS } from '../../../common/schemas/ai';
import { CHAT_DEFAULTS, clampParameters, PARAMETER_RANGES } from './parameters';
import { checkModel } from './policy';
import { languageOf } from './service';

describe('clampParameters', () => {
  it('keeps the studio SPEC §9 values as they are', () => {
    expect(clampParameters({ message: 'x', ...STUDIO_PARAMETERS })).toEqual(STUDIO_PARAMETERS);
  });

  it('takes the panel defaults for absent values', () => {
    expect(clampParameters({ message: 'x' })).toEqual(CHAT_DEFAULTS);
  });

  it('puts any number inside its range, whole where it must be', () => {
    fc.assert(
      fc.property(
        fc.record({
          temperature: fc.double({ noNaN: true }),
          top_k: fc.double({ noNaN: true }),
          top_p: fc.double({ noNaN: true }),
          repeat_penalty: fc.double({ noNaN: true }),
          max_tokens: fc.double({ noNaN: true }),
        }),
        (given) => {
          const clamped = clampParameters({ message: 'x', ...given });
          for (const [name, { min, max }] of Object.entries(PARAMETER_RANGES)) {
            const value = clamped[name as keyof typeof clamped];
            expect(value).toBeGreaterThanOrEqual(min);
            expect(value).toBeLessThanOrEqual(max);
          }
          expect(Number.isInteger(clamped.top_k)).toBe(true);
          expect(Number.isInteger(clamped.max_tokens)).toBe(true);
        },
      ),
    );
  });
});

describe('checkModel', () => {
  const models = { defaultModel: 'a', models: ['a', 'b'] };
  it('takes the default when none is named, and configured names only', () => {
    expect(checkModel(undefined, models)).toBe('a');
    expect(checkModel('b', models)).toBe('b');
    expect(() => checkModel('c', models)).toThrow(/unknown model "c"/);
  });
});

describe('languageOf', () => {
  it('prefers the asked language, then the browser’s supported one, then English', () => {
    expect(languageOf('de', 'es-ES,es;q=0.9')).toBe('de');
    expect(languageOf(undefined, 'fr-FR, es;q=0.8, en;q=0.5')).toBe('es');
    expect(languageOf(undefined, 'fr-FR')).toBe('en');
    expect(languageOf(undefined, undefined)).toBe('en');
  });
});
