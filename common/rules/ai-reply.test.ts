import { describe, expect, it } from 'vitest';
import { resultLines, splitOptions } from './ai-reply';
import { ChatRequest, placeholderPath } from '../schemas/ai';

describe('splitOptions', () => {
  it('turns Option: lines into quick replies and keeps the rest as text', () => {
    expect(
      splitOptions(
        'Hello.\nMore text\n\nOption: How do I register?\n  Option:  Who are you? \nOption:',
      ),
    ).toEqual({ text: 'Hello.\nMore text', options: ['How do I register?', 'Who are you?'] });
  });

  it('leaves a reply without options alone', () => {
    expect(splitOptions('Just text')).toEqual({ text: 'Just text', options: [] });
  });
});

describe('resultLines', () => {
  it('splits an answer into bullet lines without list markers or blanks', () => {
    expect(resultLines('- one\n\n2. two\n * three\nfour\nOption: no')).toEqual([
      'one',
      'two',
      'three',
      'four',
    ]);
    expect(resultLines('  \n ')).toEqual([]);
  });
});

describe('ChatRequest', () => {
  it('takes the SPEC request and the studio variant', () => {
    expect(ChatRequest.safeParse({ message: 'hi' }).success).toBe(true);
    expect(
      ChatRequest.safeParse({ message: 'hi', model: 'm', temperature: 0.2, stream: false }).success,
    ).toBe(true);
    expect(ChatRequest.safeParse({ message: 'hi', temperature: 'hot' }).success).toBe(false);
  });
});

it('builds the placeholder URL from the trimmed text', () => {
  expect(placeholderPath('  rain & neon ')).toBe('/api/v1/ai/placeholder?text=rain+%26+neon');
});
