import type { AiProvider, AssistantRequest } from '../provider';
import { chatAnswer } from './chat';
import { studioAnswer } from './studio';

/** The model name the built-in guide answers to (AI_MODEL's default with AI_PROVIDER=builtin). */
export const BUILTIN_MODEL = 'aura-builtin';

function answer(request: AssistantRequest): Promise<string> {
  if (request.mode === 'chat') {
    return chatAnswer({
      message: request.message,
      language: request.language,
      figures: request.figures,
    });
  }
  return Promise.resolve(
    studioAnswer({
      mode: request.mode,
      message: request.message,
      language: request.language,
      item: request.item,
    }),
  );
}

/**
 * AI_PROVIDER=builtin (the default): Aura's rule-based guide. It needs no model and no network
 * and ignores the sampling parameters; it streams its answer word by word, as it has it at once.
 */
export function createBuiltinProvider(): AiProvider {
  return {
    name: 'builtin',
    complete: answer,
    async *stream(request) {
      const text = await answer(request);
      for (const piece of text.match(/\S+\s*|\s+/g) ?? []) yield piece;
    },
  };
}
