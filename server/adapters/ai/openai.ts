import OpenAI, { APIConnectionError, APIError, APIUserAbortError } from 'openai';
import { promptMessages } from './prompt';
import {
  UpstreamError,
  type AiProvider,
  type AssistantRequest,
  type GenerationParameters,
} from './provider';

/**
 * SPEC §7/§9 parameters as chat-completion fields. `top_k` and `repeat_penalty` are not part of
 * OpenAI's own API, which refuses unknown fields, so they go only to other servers (llama.cpp,
 * vLLM and LM Studio read them).
 */
export function openAiSampling(p: GenerationParameters, isOpenAiItself: boolean) {
  const standard = { max_tokens: p.max_tokens, temperature: p.temperature, top_p: p.top_p };
  return isOpenAiItself
    ? standard
    : { ...standard, top_k: p.top_k, repeat_penalty: p.repeat_penalty };
}

function upstreamError(err: unknown, signal: AbortSignal): UpstreamError {
  if (err instanceof UpstreamError) return err;
  if (signal.aborted || err instanceof APIUserAbortError) {
    return new UpstreamError('timeout', 'The model server did not answer in time');
  }
  if (err instanceof APIConnectionError) {
    return new UpstreamError('unreachable', `The model server is unreachable: ${err.message}`, {
      cause: err,
    });
  }
  if (err instanceof APIError) {
    return new UpstreamError('status', `The model server answered ${err.status}: ${err.message}`, {
      cause: err,
    });
  }
  const message = err instanceof Error ? err.message : String(err);
  return new UpstreamError(
    'malformed',
    `The model server answered something unreadable: ${message}`,
    {
      cause: err,
    },
  );
}

/** AI_PROVIDER=openai: the official `openai` SDK against any OpenAI-compatible server. */
export function createOpenAiProvider(options: {
  baseURL: string;
  apiKey: string | undefined;
}): AiProvider {
  const isOpenAiItself = new URL(options.baseURL).hostname === 'api.openai.com';
  const client = new OpenAI({
    baseURL: options.baseURL,
    // Local servers need no key, but the SDK insists on one.
    apiKey: options.apiKey ?? 'unused',
    // One attempt within AI_TIMEOUT_MS: the ai module's signal is the only clock.
    maxRetries: 0,
    timeout: 600_000,
    logLevel: 'off',
  });
  const body = async (request: AssistantRequest) => ({
    model: request.model,
    messages: await promptMessages(request),
    ...openAiSampling(request.parameters, isOpenAiItself),
  });

  return {
    name: 'openai',
    async complete(request) {
      try {
        const completion = await client.chat.completions.create(
          { ...(await body(request)), stream: false },
          { signal: request.signal },
        );
        const content = (completion as { choices?: { message?: { content?: unknown } }[] })
          .choices?.[0]?.message?.content;
        if (content === null) return '';
        if (typeof content !== 'string') {
          throw new UpstreamError('malformed', 'Chat completion without choices[0].message');
        }
        return content;
      } catch (err) {
        throw upstreamError(err, request.signal);
      }
    },
    async *stream(request) {
      let chunks;
      try {
        chunks = await client.chat.completions.create(
          { ...(await body(request)), stream: true },
          { signal: request.signal },
        );
      } catch (err) {
        throw upstreamError(err, request.signal);
      }
      try {
        let isFinished = false;
        for await (const chunk of chunks) {
          const choices = (
            chunk as { choices?: { delta?: { content?: unknown }; finish_reason?: unknown }[] }
          ).choices;
          if (!Array.isArray(choices)) {
            throw new UpstreamError('malformed', 'Stream chunk without choices');
          }
          const text = choices[0]?.delta?.content;
          if (typeof text === 'string' && text) yield text;
          if (choices[0]?.finish_reason) isFinished = true;
        }
        // The SDK ends its iteration quietly when the signal aborts it (the AI timeout), and a
        // cut connection may end it too: either would pass a truncated text for a whole answer,
        // which Ollama's client refuses (it throws without the final `done` line).
        if (request.signal.aborted)
          throw new UpstreamError('timeout', 'The model server did not answer in time');
        if (!isFinished) {
          throw new UpstreamError('malformed', 'The stream ended without a finish_reason');
        }
      } catch (err) {
        throw upstreamError(err, request.signal);
      } finally {
        chunks.controller.abort();
      }
    },
  };
}
