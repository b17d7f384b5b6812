import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { aiModelsOf, createAiProvider } from './index';

describe('AI configuration', () => {
  it('answers with the builtin guide and its one model by default', async () => {
    const config = loadConfig({});
    expect((await createAiProvider(config)).name).toBe('builtin');
    expect(aiModelsOf(config)).toEqual({ defaultModel: 'aura-builtin', models: ['aura-builtin'] });
  });

  it('needs AI_MODEL for a model server, naming it', () => {
    const config = loadConfig({ AI_PROVIDER: 'ollama' });
    expect(() => aiModelsOf(config)).toThrow(ConfigError);
    expect(() => aiModelsOf(config)).toThrow(/AI_MODEL: required when AI_PROVIDER=ollama/);
  });

  it('accepts AI_MODEL and the AI_MODELS list, each once', async () => {
    const config = loadConfig({
      AI_PROVIDER: 'openai',
      AI_MODEL: 'llama3.2:1b',
      AI_MODELS: ' qwen2.5:0.5b, ,llama3.2:1b ',
    });
    expect((await createAiProvider(config)).name).toBe('openai');
    expect(aiModelsOf(config)).toEqual({
      defaultModel: 'llama3.2:1b',
      models: ['llama3.2:1b', 'qwen2.5:0.5b'],
    });
  });

  it.each([
    ['AI_PROVIDER', 'gpt'],
    ['OLLAMA_URL', 'not a url'],
    ['AI_TIMEOUT_MS', '10'],
    ['AI_RATE_LIMIT_PER_MINUTE', '0'],
    ['AI_MAX_INPUT_CHARS', 'lots'],
  ])('stops on a malformed %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: `));
  });
});
