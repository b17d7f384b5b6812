import { Ollama, type Options } from 'ollama';
import { promptMessages } from './prompt';
import {
  UpstreamError,
  type AiProvider,
  type AssistantRequest,
  type GenerationParameters,
} from './provider';

/** SPEC §7/§9 parameters as Ollama's model options (`num_predict` is its max_tokens). */
export function ollamaOptions(p: GenerationParameters): Partial<Options> {
  return {
    num_predict: p.max_tokens,
    temperature: p.temperature,
    top_k: p.top_k,
    top_p: p.top_p,
    repeat_penalty: p.repeat_penalty,
  };
}

/**
 * The official client aborts only streamed requests itself, so every request goes through a
 * fetch that also listens to the request's signal (timeout, client gone).
 */
function clientFor(host: string, signal: AbortSignal): Ollama {
  return new Ollama({
    host,
    fetch: (input, init) =>
      fetch(input, {
        ...init,
        signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal,
      }),
  });
}

function upstreamError(err: unknown, signal: AbortSignal): UpstreamError {
  if (err instanceof UpstreamError) return err;
  if (signal.aborted) return new UpstreamError('timeout', 'Ollama did not answer in time');
  const error = err as { name?: string; status_code?: number; message?: string };
  if (error.name === 'ResponseError') {
    return new UpstreamError('status', `Ollama answered ${error.status_code}: ${error.message}`, {
      cause: err,
    });
  }
  if (err instanceof TypeError) {
    return new UpstreamError('unreachable', `Ollama is unreachable: ${err.message}`, {
      cause: err,
    });
  }
  return new UpstreamError('malformed', `Ollama answered something unreadable: ${error.message}`, {
    cause: err,
  });
}

function contentOf(part: unknown): string {
  const content = (part as { message?: { content?: unknown } } | null)?.message?.content;
  if (typeof content !== 'string') {
    throw new UpstreamError('malformed', 'Ollama answer without message.content');
  }
  return content;
}

/** AI_PROVIDER=ollama: the official `ollama` client against OLLAMA_URL's /api/chat. */
export function createOllamaProvider(options: { host: string }): AiProvider {
  const chatRequest = async (request: AssistantRequest) => ({
    model: request.model,
    messages: await promptMessages(request),
    options: ollamaOptions(request.parameters),
  });

  return {
    name: 'ollama',
    async complete(request) {
      try {
        const client = clientFor(options.host, request.signal);
        const answer = await client.chat({ ...(await chatRequest(request)), stream: false });
        return contentOf(answer);
      } catch (err) {
        throw upstreamError(err, request.signal);
      }
    },
    async *stream(request) {
      const client = clientFor(options.host, request.signal);
      let parts;
      try {
        parts = await client.chat({ ...(await chatRequest(request)), stream: true });
      } catch (err) {
        throw upstreamError(err, request.signal);
      }
      try {
        // The client throws when the stream ends without Ollama's final `done` line.
        for await (const part of parts) {
          const text = contentOf(part);
          if (text) yield text;
        }
      } catch (err) {
        throw upstreamError(err, request.signal);
      } finally {
        parts.abort();
      }
    },
  };
}
