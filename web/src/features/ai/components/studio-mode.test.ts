import { expect, it } from 'vitest';
import { isLongEnough, studioModeOf } from './studio-mode';

it('opens the asked mode, else prompt', () => {
  expect(studioModeOf('visual')).toBe('visual');
  expect(studioModeOf('draft')).toBe('draft');
  expect(studioModeOf(null)).toBe('prompt');
  expect(studioModeOf('VISUAL')).toBe('prompt');
});

it('needs three characters after trimming', () => {
  expect(isLongEnough('  ab  ')).toBe(false);
  expect(isLongEnough(' abc ')).toBe(true);
});
