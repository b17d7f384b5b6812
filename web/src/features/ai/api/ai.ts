import { useMutation, useQuery } from '@tanstack/react-query';
import { AiModelsResponse, type ChatRequest } from '../../../../../common/schemas/ai';
import { postChat } from './ai-stream';
import { request } from '../../../shared/api/request';

export const aiKeys = {
  all: ['ai'] as const,
  models: ['ai', 'models'] as const,
  chat: ['ai', 'chat'] as const,
  studio: ['ai', 'studio'] as const,
};

/** GET /api/v1/ai/models: the provider and the models a studio request may name. */
export function useAiModels() {
  return useQuery({
    queryKey: aiKeys.models,
    queryFn: async () => AiModelsResponse.parse(await request('/api/v1/ai/models')),
    staleTime: Infinity,
  });
}

export interface ChatVariables {
  body: ChatRequest;
  /** Receives each piece of a streamed answer as it arrives. */
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
}

/**
 * Sending an assistant message (SPEC §7 POST /api/v1/ai/chat). The answer is handed back as the
 * server sent it; see ai-stream.ts. Callbacks given here run even if the panel unmounts meanwhile.
 */
export function useSendChatMessage(options: {
  onSuccess?: (answer: unknown, variables: ChatVariables) => void;
  onError?: (error: unknown, variables: ChatVariables) => void;
}) {
  return useMutation({
    mutationKey: aiKeys.chat,
    mutationFn: ({ body, onDelta, signal }: ChatVariables) => postChat(body, { onDelta, signal }),
    onSuccess: options.onSuccess,
    onError: options.onError,
  });
}

/** A studio generation: the same call with the studio's parameters, answered at once. */
export function useStudioGeneration() {
  return useMutation({
    mutationKey: aiKeys.studio,
    mutationFn: ({ body, signal }: ChatVariables) =>
      postChat({ ...body, stream: false }, { signal }),
  });
}
