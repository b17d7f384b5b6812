import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STUDIO_PARAMETERS } from '../../../common/schemas/ai';
import { assistantRequest, collect, cutAfterFirstPiece } from '../../test/ai-requests';
import { startFakeOpenAi, type FakeModelServer } from '../../test/fake-model-servers';
import { createOpenAiProvider, openAiSampling } from './openai';
import { UpstreamError } from './provider';

let fake: FakeModelServer;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.behaviour = 'answer';
  fake.answer = 'Title: Rain study\nDescription: A calm loop';
  fake.requests.length = 0;
});

const provider = () => createOpenAiProvider({ baseURL: fake.url, apiKey: undefined });

async function failureOf(run: () => Promise<unknown>): Promise<UpstreamError> {
  const error = await run().then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

describe('the openai provider, through the official SDK', () => {
  it('sends the SPEC parameters as chat-completion fields and answers the message', async () => {
    const answer = await provider().complete(assistantRequest({ mode: 'draft' }));
    expect(answer).toBe('Title: Rain study\nDescription: A calm loop');
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      model: 'tiny-model',
      max_tokens: 32,
      temperature: 0.2,
      top_p: 0.9,
      top_k: 40,
      repeat_penalty: 1,
    });
    expect(fake.requests[0]?.stream).toBeFalsy();
  });

  it('leaves out the fields OpenAI itself refuses', () => {
    expect(openAiSampling(STUDIO_PARAMETERS, true)).toEqual({
      max_tokens: 32,
      temperature: 0.2,
      top_p: 0.9,
    });
  });

  it('streams the answer from server-sent events', async () => {
    const pieces = await collect(provider().stream(assistantRequest()));
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe('Title: Rain study\nDescription: A calm loop');
    expect(fake.requests[0]).toMatchObject({ stream: true });
  });

  it('reports an error status once, without retrying', async () => {
    fake.behaviour = 'error';
    const error = await failureOf(() => provider().complete(assistantRequest()));
    expect(error.kind).toBe('status');
    expect(error.message).toMatch(/500/);
    expect(fake.requests).toHaveLength(1);
    expect((await failureOf(() => collect(provider().stream(assistantRequest())))).kind).toBe(
      'status',
    );
  });

  it('gives up when the signal ends the wait', async () => {
    fake.behaviour = 'hang';
    const error = await failureOf(() =>
      provider().complete(assistantRequest({ signal: AbortSignal.timeout(150) })),
    );
    expect(error.kind).toBe('timeout');
    const streamed = await failureOf(() =>
      collect(provider().stream(assistantRequest({ signal: AbortSignal.timeout(150) }))),
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
    const gone = createOpenAiProvider({ baseURL: 'http://127.0.0.1:9/v1', apiKey: 'k' });
    expect((await failureOf(() => gone.complete(assistantRequest()))).kind).toBe('unreachable');
  });
});
