import type { ChatRequest } from '../../../common/schemas/ai';
import type { GenerationParameters } from '../../adapters/ai/provider';

/**
 * Sane ranges of the SPEC §7 sampling parameters. A value outside is clamped, not refused: the
 * studio's numbers are a preference, and a client asking for 10,000 tokens gets the most we give.
 */
export const PARAMETER_RANGES: Record<keyof GenerationParameters, { min: number; max: number }> = {
  temperature: { min: 0, max: 2 },
  top_k: { min: 1, max: 100 },
  top_p: { min: 0.01, max: 1 },
  repeat_penalty: { min: 0.5, max: 2 },
  max_tokens: { min: 1, max: 1024 },
};

const INTEGER_PARAMETERS = new Set<keyof GenerationParameters>(['top_k', 'max_tokens']);

/** What the assistant panel uses (SPEC §7 sends only `message` from it). */
export const CHAT_DEFAULTS: GenerationParameters = {
  temperature: 0.7,
  top_k: 40,
  top_p: 0.9,
  repeat_penalty: 1.1,
  max_tokens: 400,
};

/** The request's parameters, each clamped into its range; absent ones take the panel defaults. */
export function clampParameters(request: ChatRequest): GenerationParameters {
  const result = { ...CHAT_DEFAULTS };
  for (const name of Object.keys(PARAMETER_RANGES) as (keyof GenerationParameters)[]) {
    const given = request[name];
    if (given === undefined || Number.isNaN(given)) continue;
    const { min, max } = PARAMETER_RANGES[name];
    const value = INTEGER_PARAMETERS.has(name) ? Math.round(given) : given;
    result[name] = Math.min(max, Math.max(min, value));
  }
  return result;
}
