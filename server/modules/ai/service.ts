import {
  ASSISTANT_LANGUAGES,
  type AssistantLanguage,
  type ChatRequest,
  type ChatResponse,
} from '../../../common/schemas/ai';
import { normalizeTags } from '../../../common/schemas/items';
import type { AiModels } from '../../adapters/ai/index';
import { UpstreamError, type AiProvider, type AssistantRequest } from '../../adapters/ai/provider';
import type { Viewer } from '../../auth/guard';
import type { Config } from '../../config';
import { fail, HttpError } from '../../http/errors';
import { figuresOf, type FiguresDeps } from './figures';
import { clampParameters } from './parameters';
import { checkMessage, checkModel } from './policy';

export interface AiDeps {
  provider: AiProvider;
  models: AiModels;
  config: Pick<Config, 'AI_TIMEOUT_MS' | 'AI_MAX_INPUT_CHARS'>;
  figures: FiguresDeps;
}

export interface ChatCall {
  viewer: Viewer | null;
  body: ChatRequest;
  acceptLanguage: string | undefined;
  /** Aborted when the client goes away: the model stops working for nobody. */
  clientGone: AbortSignal;
  log: { warn(details: object, message: string): void };
}

/** The reply's language: the one asked for, else the browser's first supported one, else en. */
export function languageOf(
  asked: AssistantLanguage | undefined,
  acceptLanguage: string | undefined,
): AssistantLanguage {
  if (asked) return asked;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if ((ASSISTANT_LANGUAGES as readonly string[]).includes(code)) {
      return code as AssistantLanguage;
    }
  }
  return 'en';
}

/** Upstream failures as clean answers: 504 for a timeout, 502 for anything else; never a hang. */
function httpErrorOf(err: unknown, call: ChatCall, timedOut: boolean): HttpError {
  if (err instanceof HttpError) return err;
  const upstream =
    err instanceof UpstreamError
      ? err
      : new UpstreamError('malformed', err instanceof Error ? err.message : String(err));
  call.log.warn({ kind: upstream.kind, reason: upstream.message }, 'AI provider failed');
  return timedOut || upstream.kind === 'timeout' ? fail('ai_timeout') : fail('ai_unavailable');
}

/** Checks the request (400 when refused, nothing is asked then) and builds the provider's input. */
function prepare(deps: AiDeps, call: ChatCall) {
  const message = checkMessage(call.body.message, deps.config.AI_MAX_INPUT_CHARS);
  const model = checkModel(call.body.model, deps.models);
  const timeout = AbortSignal.timeout(deps.config.AI_TIMEOUT_MS);
  const request: AssistantRequest = {
    mode: call.body.mode ?? 'chat',
    message,
    language: languageOf(call.body.language, call.acceptLanguage),
    item: {
      category: call.body.category ?? null,
      tags: normalizeTags(call.body.tags ?? []),
      tier: call.body.tier ?? null,
      priceCents: call.body.priceCents ?? null,
    },
    model,
    parameters: clampParameters(call.body),
    figures: call.viewer ? figuresOf(deps.figures, call.viewer) : null,
    signal: AbortSignal.any([timeout, call.clientGone]),
  };
  return { request, timedOut: () => timeout.aborted };
}

/** SPEC §7 POST /api/v1/ai/chat with `stream: false`: the whole answer as `{ response }`. */
export async function answerChat(deps: AiDeps, call: ChatCall): Promise<ChatResponse> {
  const { request, timedOut } = prepare(deps, call);
  try {
    return { response: await deps.provider.complete(request) };
  } catch (err) {
    throw httpErrorOf(err, call, timedOut());
  }
}

const sseFrame = (event: string, data: object) =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * `stream: true`: server-sent events (common/schemas/ai ChatStreamEvent). The first piece is
 * awaited before anything is sent, so a model that fails at once still gets a clean 502/504;
 * a failure later ends the stream with an `error` event.
 */
export async function openChatStream(deps: AiDeps, call: ChatCall): Promise<AsyncIterable<string>> {
  const { request, timedOut } = prepare(deps, call);
  const pieces = deps.provider.stream(request)[Symbol.asyncIterator]();
  let first: IteratorResult<string>;
  try {
    first = await pieces.next();
  } catch (err) {
    throw httpErrorOf(err, call, timedOut());
  }
  return (async function* frames() {
    let response = '';
    try {
      for (let next = first; !next.done; next = await pieces.next()) {
        response += next.value;
        yield sseFrame('delta', { text: next.value });
      }
      yield sseFrame('done', { response });
    } catch (err) {
      yield sseFrame('error', { error: httpErrorOf(err, call, timedOut()).message });
    } finally {
      await pieces.return?.();
    }
  })();
}
