import { ChatStreamEvent, type ChatRequest } from '../../../../../common/schemas/ai';
import { readStoredToken } from '../../../app/token-storage';
import { errorMessage, request, RequestError } from '../../../shared/api/request';

/**
 * POST /api/v1/ai/chat. With `stream: true` the answer arrives as server-sent events (EventSource
 * cannot POST, so fetch reads them); each `delta` goes to `onDelta` and the `done` event's data is
 * returned, as `stream: false` returns its JSON body. The body is returned unchecked: the caller
 * decides what an answer without `response` means (SPEC §8 chatbot.error). A network failure
 * rejects with the browser's TypeError.
 */
export async function postChat(
  body: ChatRequest,
  options: { onDelta?: (text: string) => void; signal?: AbortSignal } = {},
): Promise<unknown> {
  if (!body.stream) return request<unknown>('/api/v1/ai/chat', { body, signal: options.signal });
  const token = readStoredToken();
  const res = await fetch('/api/v1/ai/chat', {
    method: 'POST',
    headers: {
      accept: 'text/event-stream, application/json',
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
    signal: options.signal,
  });
  if (!res.ok || !res.body) {
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // a non-JSON error body is reported by its status
    }
    throw new RequestError(res.status, errorMessage(parsed, res.status), parsed);
  }
  return readEvents(res.body, options.onDelta);
}

/** One `event:`/`data:` frame of a server-sent event stream, or null when it is not ours. */
function parseFrame(frame: string): ChatStreamEvent | null {
  const event = /^event: ?(.*)$/m.exec(frame)?.[1];
  const data = /^data: ?(.*)$/m.exec(frame)?.[1];
  if (!event || data === undefined) return null;
  try {
    const parsed = ChatStreamEvent.safeParse({ event, data: JSON.parse(data) });
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

async function readEvents(
  stream: ReadableStream<Uint8Array>,
  onDelta: ((text: string) => void) | undefined,
): Promise<unknown> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const frames = buffer.split('\n\n');
    buffer = frames.pop() ?? '';
    for (const frame of frames) {
      const event = parseFrame(frame);
      if (event?.event === 'delta') onDelta?.(event.data.text);
      else if (event?.event === 'done') return event.data;
      else if (event?.event === 'error') throw new RequestError(502, event.data.error, event.data);
    }
  }
  // The stream ended without its `done` event: an answer without a response.
  return {};
}
