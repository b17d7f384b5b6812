import { STUDIO_PARAMETERS } from '../../common/schemas/ai';
import type { AssistantRequest } from '../adapters/ai/provider';

/** A provider request as the ai module builds it: the studio's SPEC §9 parameters by default. */
export function assistantRequest(overrides: Partial<AssistantRequest> = {}): AssistantRequest {
  return {
    mode: 'prompt',
    message: 'A rainy lofi beat',
    language: 'en',
    category: 'Music',
    model: 'tiny-model',
    parameters: { ...STUDIO_PARAMETERS },
    figures: null,
    signal: AbortSignal.timeout(5000),
    ...overrides,
  };
}

export async function collect(pieces: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const piece of pieces) all.push(piece);
  return all;
}
