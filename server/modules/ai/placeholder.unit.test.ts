import { expect, it } from 'vitest';
import { wrapText } from './placeholder';

it('wraps words into lines and ends an overflow with an ellipsis', () => {
  expect(wrapText('one two three four', 9)).toEqual(['one two', 'three', 'four']);
  expect(wrapText('a b c d e f', 1, 3)).toEqual(['a', 'b', '…']);
  expect(wrapText('supercalifragilistic', 5)).toEqual(['super', 'calif', 'ragil', 'istic']);
});
