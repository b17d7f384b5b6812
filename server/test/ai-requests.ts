import { STUDIO_PARAMETERS } from '../../common/schemas/ai';
import type { AssistantRequest } from '../adapters/ai/provider';

/** A provider request as the ai module builds it: the studio's SPEC §9 parameters by default. */
export function assistantRequest(overrides: Partial<AssistantRequest> = {}): AssistantRequest {
  return {
    mode: 'prompt',
    message: 'A rainy lofi beat',
    language: 'en',
    item: { category: 'Music', tags: [], tier: null, priceCents: null },
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

/**
 * Reads a stream whose signal is aborted as soon as its first piece arrives: the AI timeout
 * cutting an answer in the middle, without waiting for a clock. Resolves with what came before
 * the cut and how the stream ended (null when it ended as if complete).
 */
export async function cutAfterFirstPiece(
  stream: (signal: AbortSignal) => AsyncIterable<string>,
): Promise<{ pieces: string[]; error: unknown }> {
  const timeout = new AbortController();
  const pieces: string[] = [];
  try {
    for await (const piece of stream(timeout.signal)) {
      pieces.push(piece);
      timeout.abort();
    }
  } catch (error) {
    return { pieces, error };
  }
  return { pieces, error: null };
}
