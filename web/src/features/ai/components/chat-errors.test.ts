import { expect, it } from 'vitest';
import { RequestError } from '../../../shared/api/request';
import { chatErrorOf } from './chat-errors';

it('maps failures to the SPEC §8 texts and the server’s refusals', () => {
  expect(chatErrorOf(new TypeError('Failed to fetch'))).toEqual({ key: 'chatbot.errorConnection' });
  expect(chatErrorOf(new RequestError(502, 'model failed', {}))).toEqual({ key: 'chatbot.error' });
  expect(chatErrorOf(new RequestError(429, 'slow down', {}))).toEqual({ key: 'chatbot.errorBusy' });
  expect(chatErrorOf(new RequestError(504, 'late', {}))).toEqual({ key: 'chatbot.errorTimeout' });
  expect(chatErrorOf(new RequestError(400, 'message: too long', {}))).toEqual({
    key: 'chatbot.errorRefused',
    reason: 'message: too long',
  });
});
