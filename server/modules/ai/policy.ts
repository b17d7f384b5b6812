import type { AiModels } from '../../adapters/ai/index';
import { badRequest } from '../../http/errors';

/** Who may ask: everyone (SPEC §7: no auth). What they may send is checked here. */

/** SPEC §5: blank messages are not sent; the server refuses them too, and over-long ones. */
export function checkMessage(message: string, maxChars: number): string {
  const trimmed = message.trim();
  if (trimmed === '') throw badRequest('message: must not be blank');
  if (trimmed.length > maxChars) {
    throw badRequest(`message: at most ${maxChars} characters`, { maxChars });
  }
  return trimmed;
}

/** Only configured models may be asked (AI_MODEL, AI_MODELS); none named means the default. */
export function checkModel(requested: string | undefined, models: AiModels): string {
  if (requested === undefined || requested.trim() === '') return models.defaultModel;
  if (!models.models.includes(requested)) {
    throw badRequest(`model: unknown model "${requested}"`, { models: models.models });
  }
  return requested;
}
