import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ChatStreamEvent, STUDIO_PARAMETERS } from '../../../common/schemas/ai';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import {
  startFakeOllama,
  startFakeOpenAi,
  type FakeModelServer,
} from '../../test/fake-model-servers';

const chat = (t: TestApp, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/ai/chat', payload, headers });

/** The events of a `text/event-stream` body. */
function eventsOf(body: string): ChatStreamEvent[] {
  return body
    .split('\n\n')
    .filter((frame) => frame.trim() !== '')
    .map((frame) => {
      const event = /^event: (.+)$/m.exec(frame)?.[1];
      const data = /^data: (.+)$/m.exec(frame)?.[1] ?? 'null';
      return ChatStreamEvent.parse({ event, data: JSON.parse(data) });
    });
}

/** What a stream cut by AI_TIMEOUT_MS after its first word shows: that word, then the error. */
const CUT_STREAM_EVENTS: ChatStreamEvent[] = [
  { event: 'delta', data: { text: 'Here ' } },
  { event: 'error', data: { error: 'The AI model did not answer in time. Please try again.' } },
];

async function cutStream(t: TestApp): Promise<ChatStreamEvent[]> {
  const res = await chat(t, { message: 'Hello there', stream: true });
  expect(res.statusCode, res.body).toBe(200);
  return eventsOf(res.body);
}

describe('POST /api/v1/ai/chat against an Ollama server', () => {
  let fake: FakeModelServer;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeOllama();
    t = await createTestApp({
      env: {
        AI_PROVIDER: 'ollama',
        OLLAMA_URL: fake.url,
        AI_MODEL: 'tiny-model',
        AI_MODELS: 'tiny-model, other-model',
        AI_TIMEOUT_MS: '300',
        AI_MAX_INPUT_CHARS: '50',
        AI_ANON_RATE_LIMIT_PER_MINUTE: '1000',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.behaviour = 'answer';
    fake.answer = 'Here is an answer.\nOption: Tell me more';
    fake.requests.length = 0;
  });

  it('answers { response } without sign-in, as SPEC §7 has it', async () => {
    const res = await chat(t, { message: 'How do I upload?' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ response: 'Here is an answer.\nOption: Tell me more' });
    expect(fake.requests[0]).toMatchObject({ model: 'tiny-model' });
  });

  it.each([
    ['blank', { message: '   \n\t ' }, /blank/],
    ['too long', { message: 'x'.repeat(51) }, /at most 50 characters/],
    ['unknown model', { message: 'Hello there', model: 'gpt-everything' }, /unknown model/],
    ['not a message', { text: 'Hello there' }, /message/],
  ])('refuses a %s request with 400 { error } and asks no model', async (_case, body, error) => {
    const res = await chat(t, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatch(error);
    expect(fake.requests).toHaveLength(0);
  });

  it('accepts every configured model by name', async () => {
    const res = await chat(t, { message: 'Hello there', model: 'other-model' });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.requests[0]).toMatchObject({ model: 'other-model' });
  });

  it('sends the studio SPEC parameters as Ollama options', async () => {
    const res = await chat(t, { message: 'A rainy beat', mode: 'prompt', ...STUDIO_PARAMETERS });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.requests[0]?.options).toEqual({
      num_predict: 32,
      temperature: 0.2,
      top_k: 40,
      top_p: 0.9,
      repeat_penalty: 1,
    });
  });

  it('clamps parameters outside their ranges instead of passing them on', async () => {
    const res = await chat(t, {
      message: 'A rainy beat',
      temperature: 99,
      top_k: -5,
      top_p: 7,
      repeat_penalty: 0,
      max_tokens: 1_000_000,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.requests[0]?.options).toEqual({
      num_predict: 1024,
      temperature: 2,
      top_k: 1,
      top_p: 1,
      repeat_penalty: 0.5,
    });
  });

  it('answers 502 with a clear error when the model server fails', async () => {
    fake.behaviour = 'error';
    const res = await chat(t, { message: 'Hello there' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      error: 'The AI model could not answer. Please try again later.',
      code: 'ai_unavailable',
    });
  });

  it('answers 502 when the model server sends something unreadable', async () => {
    fake.behaviour = 'malformed';
    const res = await chat(t, { message: 'Hello there' });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatch(/could not answer/);
  });

  it('answers 504 once AI_TIMEOUT_MS passes without an answer', async () => {
    fake.behaviour = 'hang';
    const res = await chat(t, { message: 'Hello there' });
    expect(res.statusCode).toBe(504);
    expect(res.json()).toEqual({
      error: 'The AI model did not answer in time. Please try again.',
      code: 'ai_timeout',
    });
  });

  it('streams server-sent events with stream: true, ending with the whole response', async () => {
    const res = await chat(t, { message: 'Hello there', stream: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = eventsOf(res.body);
    const deltas = events.flatMap((e) => (e.event === 'delta' ? [e.data.text] : []));
    expect(deltas.length).toBeGreaterThan(1);
    expect(events.at(-1)).toEqual({
      event: 'done',
      data: { response: 'Here is an answer.\nOption: Tell me more' },
    });
    expect(deltas.join('')).toBe('Here is an answer.\nOption: Tell me more');
  });

  it('answers a stream that fails before its first piece with a plain 502/504', async () => {
    fake.behaviour = 'error';
    const failed = await chat(t, { message: 'Hello there', stream: true });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toMatch(/could not answer/);
    fake.behaviour = 'hang';
    const late = await chat(t, { message: 'Hello there', stream: true });
    expect(late.statusCode).toBe(504);
  });

  it('ends a stream the AI timeout cuts mid-answer with an error event', async () => {
    fake.behaviour = 'stall';
    expect(await cutStream(t)).toEqual(CUT_STREAM_EVENTS);
  });

  it('tells a signed-in user the provider and the models a request may name', async () => {
    const user = await createUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/ai/models', headers: user.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      provider: 'ollama',
      defaultModel: 'tiny-model',
      models: ['tiny-model', 'other-model'],
    });
  });
});

describe('POST /api/v1/ai/chat against an OpenAI-compatible server', () => {
  let fake: FakeModelServer;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp({
      env: {
        AI_PROVIDER: 'openai',
        OPENAI_BASE_URL: fake.url,
        AI_MODEL: 'local-llama',
        AI_TIMEOUT_MS: '300',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('answers, and maps an error status to 502 and silence to 504', async () => {
    fake.answer = 'A calm answer';
    const ok = await chat(t, { message: 'Hello there', ...STUDIO_PARAMETERS });
    expect(ok.json()).toEqual({ response: 'A calm answer' });
    expect(fake.requests[0]).toMatchObject({ model: 'local-llama', max_tokens: 32, top_k: 40 });
    fake.behaviour = 'error';
    expect((await chat(t, { message: 'Hello there' })).statusCode).toBe(502);
    fake.behaviour = 'hang';
    expect((await chat(t, { message: 'Hello there' })).statusCode).toBe(504);
  });

  it('ends a stream the AI timeout cuts mid-answer with the same error event as Ollama', async () => {
    fake.behaviour = 'stall';
    fake.answer = 'Here is an answer.';
    expect(await cutStream(t)).toEqual(CUT_STREAM_EVENTS);
  });
});

describe('AI rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { AI_ANON_RATE_LIMIT_PER_MINUTE: '2', AI_RATE_LIMIT_PER_MINUTE: '4' },
    });
  });
  afterAll(() => t.close());

  it('holds signed-out callers to the stricter limit per address', async () => {
    for (let i = 0; i < 2; i += 1) {
      expect((await chat(t, { message: 'Hello' })).statusCode).toBe(200);
    }
    const refused = await chat(t, { message: 'Hello' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/rate limit/i);
  });

  it('counts each signed-in user on their own, with the higher limit', async () => {
    const fan = await createUser(t);
    const other = await createUser(t);
    for (let i = 0; i < 4; i += 1) {
      expect((await chat(t, { message: 'Hello' }, fan.auth)).statusCode).toBe(200);
    }
    expect((await chat(t, { message: 'Hello' }, fan.auth)).statusCode).toBe(429);
    expect((await chat(t, { message: 'Hello' }, other.auth)).statusCode).toBe(200);
  });
});
