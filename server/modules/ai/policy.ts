import type { AiModels } from '../../adapters/ai/index';
import { fail } from '../../http/errors';

/** Who may ask: everyone (SPEC §7: no auth). What they may send is checked here. */

/** SPEC §5: blank messages are not sent; the server refuses them too, and over-long ones. */
export function checkMessage(message: string, maxChars: number): string {
  const trimmed = message.trim();
  if (trimmed === '') throw fail('ai_message_blank');
  if (trimmed.length > maxChars) {
    throw fail('ai_message_too_long', { maxChars }, { maxChars });
  }
  return trimmed;
}

/** Only configured models may be asked (AI_MODEL, AI_MODELS); none named means the default. */
export function checkModel(requested: string | undefined, models: AiModels): string {
  if (requested === undefined || requested.trim() === '') return models.defaultModel;
  if (!models.models.includes(requested)) {
    throw fail('ai_model_unknown', { model: requested }, { models: models.models });
  }
  return requested;
}
