import { RequestError } from '../../../shared/api/request';
import type { Conversation } from './conversation-store';

/**
 * SPEC §8: a network failure is chatbot.errorConnection, an answer without `response`
 * chatbot.error. Refusals the server explains (busy, too slow, not accepted) get their own text.
 */
export function chatErrorOf(error: unknown): NonNullable<Conversation['error']> {
  if (!(error instanceof RequestError)) return { key: 'chatbot.errorConnection' };
  if (error.status === 429) return { key: 'chatbot.errorBusy' };
  if (error.status === 504) return { key: 'chatbot.errorTimeout' };
  if (error.status === 400) return { key: 'chatbot.errorRefused', reason: error.message };
  return { key: 'chatbot.error' };
}
