import { ConfigError, type Config } from '../../config';
import { BUILTIN_MODEL, createBuiltinProvider } from './builtin/index';
import type { AiProvider } from './provider';

export type { AiProvider, AssistantRequest, UserFigures } from './provider';
export { UpstreamError } from './provider';

export interface AiModels {
  defaultModel: string;
  /** Every name a request may choose; the default first. */
  models: string[];
}

/** AI_MODEL (required for a real model server) plus AI_MODELS. */
export function aiModelsOf(config: Config): AiModels {
  const defaultModel =
    config.AI_MODEL ?? (config.AI_PROVIDER === 'builtin' ? BUILTIN_MODEL : undefined);
  if (!defaultModel) {
    throw new ConfigError(
      `Invalid configuration:\n  AI_MODEL: required when AI_PROVIDER=${config.AI_PROVIDER}`,
    );
  }
  return {
    defaultModel,
    models: [...new Set([defaultModel, ...(config.AI_MODELS ?? [])])],
  };
}

/**
 * The provider AI_PROVIDER names; the built-in guide unless an operator chooses a model server.
 * A model server's client library is loaded only when chosen (issue 17: start-up time).
 */
export async function createAiProvider(config: Config): Promise<AiProvider> {
  switch (config.AI_PROVIDER) {
    case 'builtin':
      return createBuiltinProvider();
    case 'ollama': {
      const { createOllamaProvider } = await import('./ollama');
      return createOllamaProvider({ host: config.OLLAMA_URL });
    }
    case 'openai': {
      const { createOpenAiProvider } = await import('./openai');
      return createOpenAiProvider({
        baseURL: config.OPENAI_BASE_URL,
        apiKey: config.OPENAI_API_KEY,
      });
    }
  }
}
