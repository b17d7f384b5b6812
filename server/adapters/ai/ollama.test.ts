import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assistantRequest, collect, cutAfterFirstPiece } from '../../test/ai-requests';
import { startFakeOllama, type FakeModelServer } from '../../test/fake-model-servers';
import { createOllamaProvider } from './ollama';
import { UpstreamError } from './provider';

let fake: FakeModelServer;
beforeAll(async () => {
  fake = await startFakeOllama();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.behaviour = 'answer';
  fake.answer = 'Rain on the window — warm analog texture';
  fake.requests.length = 0;
});

const provider = () => createOllamaProvider({ host: fake.url });

async function failureOf(run: () => Promise<unknown>): Promise<UpstreamError> {
  const error = await run().then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

describe('the ollama provider, through the official client', () => {
  it('sends the SPEC parameters as Ollama options and answers the message content', async () => {
    const answer = await provider().complete(assistantRequest());
    expect(answer).toBe('Rain on the window — warm analog texture');
    const [body] = fake.requests;
    expect(body).toMatchObject({
      model: 'tiny-model',
      stream: false,
      options: { num_predict: 32, temperature: 0.2, top_k: 40, top_p: 0.9, repeat_penalty: 1 },
    });
    const messages = body?.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[1]?.content).toBe('A rainy lofi beat');
    expect(messages[0]?.content).toMatch(/Music/);
  });

  it('streams the answer piece by piece from NDJSON', async () => {
    const pieces = await collect(provider().stream(assistantRequest()));
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe('Rain on the window — warm analog texture');
    expect(fake.requests[0]).toMatchObject({ stream: true });
  });

  it('reports an error status', async () => {
    fake.behaviour = 'error';
    const error = await failureOf(() => provider().complete(assistantRequest()));
    expect(error.kind).toBe('status');
    expect(error.message).toMatch(/500/);
    const streamed = await failureOf(() => collect(provider().stream(assistantRequest())));
    expect(streamed.kind).toBe('status');
  });

  it('gives up when the signal ends the wait', async () => {
    fake.behaviour = 'hang';
    const signal = AbortSignal.timeout(150);
    const error = await failureOf(() => provider().complete(assistantRequest({ signal })));
    expect(error.kind).toBe('timeout');
    const streamSignal = AbortSignal.timeout(150);
    const streamed = await failureOf(() =>
      collect(provider().stream(assistantRequest({ signal: streamSignal }))),
    );
    expect(streamed.kind).toBe('timeout');
  });

  it('ends a stream the timeout cuts mid-answer with a timeout, not as a complete answer', async () => {
    fake.behaviour = 'stall';
    const cut = await cutAfterFirstPiece((signal) =>
      provider().stream(assistantRequest({ signal })),
    );
    expect(cut.pieces).toHaveLength(1);
    expect(cut.error).toBeInstanceOf(UpstreamError);
    expect((cut.error as UpstreamError).kind).toBe('timeout');
  });

  it('reports a stream the server closes mid-answer as malformed, not as a complete answer', async () => {
    fake.behaviour = 'cut';
    expect((await failureOf(() => collect(provider().stream(assistantRequest())))).kind).toBe(
      'malformed',
    );
  });

  it('reports a malformed body, whole or streamed', async () => {
    fake.behaviour = 'malformed';
    expect((await failureOf(() => provider().complete(assistantRequest()))).kind).toBe('malformed');
    expect((await failureOf(() => collect(provider().stream(assistantRequest())))).kind).toBe(
      'malformed',
    );
  });

  it('reports a server that cannot be reached', async () => {
    const gone = createOllamaProvider({ host: 'http://127.0.0.1:9' });
    expect((await failureOf(() => gone.complete(assistantRequest()))).kind).toBe('unreachable');
  });
});
