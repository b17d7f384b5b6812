import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * Local stand-ins for a model server, on loopback, speaking the wire protocol of Ollama
 * (`POST /api/chat`: JSON, or NDJSON when streaming) and of OpenAI-compatible servers
 * (`POST /v1/chat/completions`: JSON, or server-sent events when streaming). The real `ollama`
 * and `openai` clients talk to them, so only the network boundary is replaced.
 */

/**
 * What the fake does with the next requests. A stream's 'stall' sends the first word of the
 * answer and then nothing more (a model that stops producing); 'cut' sends the first word and
 * closes the response without the protocol's end (a server that crashed mid-answer).
 */
export type FakeBehaviour = 'answer' | 'error' | 'hang' | 'malformed' | 'stall' | 'cut';

/** The words a stream sends: only the first when it stalls or is cut. */
const streamedWords = (fake: FakeModelServer) => {
  const all = words(fake.answer);
  return fake.behaviour === 'stall' || fake.behaviour === 'cut' ? all.slice(0, 1) : all;
};

/** Ends a stream early as its behaviour says; true when it did. */
function endedEarly(fake: FakeModelServer, res: http.ServerResponse): boolean {
  if (fake.behaviour === 'cut') res.end();
  return fake.behaviour === 'stall' || fake.behaviour === 'cut';
}

export interface FakeModelServer {
  /** Base URL: Ollama's host, or the OpenAI base URL including `/v1`. */
  url: string;
  /** Every JSON body received, in order. */
  requests: Record<string, unknown>[];
  behaviour: FakeBehaviour;
  /** The text an answer carries; streamed word by word. */
  answer: string;
  close(): Promise<void>;
}

type Responder = (
  body: Record<string, unknown>,
  fake: FakeModelServer,
  res: http.ServerResponse,
) => void;

const words = (text: string) => text.match(/\S+\s*/g) ?? [];

const ollama: Responder = (body, fake, res) => {
  if (fake.behaviour === 'error') {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'model runner crashed' }));
    return;
  }
  const base = { model: body.model, created_at: new Date().toISOString() };
  if (body.stream) {
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    if (fake.behaviour === 'malformed') {
      res.end('this is not json\n{"also": broken}\n');
      return;
    }
    for (const word of streamedWords(fake)) {
      res.write(
        `${JSON.stringify({ ...base, message: { role: 'assistant', content: word }, done: false })}\n`,
      );
    }
    if (endedEarly(fake, res)) return;
    res.end(
      `${JSON.stringify({ ...base, message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop' })}\n`,
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  if (fake.behaviour === 'malformed') {
    res.end('{"model": "x", "message": ');
    return;
  }
  res.end(
    JSON.stringify({
      ...base,
      message: { role: 'assistant', content: fake.answer },
      done: true,
      done_reason: 'stop',
    }),
  );
};

const openai: Responder = (body, fake, res) => {
  if (fake.behaviour === 'error') {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'model runner crashed', type: 'server_error' } }));
    return;
  }
  const base = { id: 'chatcmpl-fake', created: 1_700_000_000, model: body.model };
  if (body.stream) {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    if (fake.behaviour === 'malformed') {
      res.end('data: {this is not json}\n\n');
      return;
    }
    const chunk = (delta: object, finish: string | null) =>
      `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    res.write(chunk({ role: 'assistant', content: '' }, null));
    for (const word of streamedWords(fake)) res.write(chunk({ content: word }, null));
    if (endedEarly(fake, res)) return;
    res.write(chunk({}, 'stop'));
    res.end('data: [DONE]\n\n');
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  if (fake.behaviour === 'malformed') {
    res.end('{"choices": [');
    return;
  }
  res.end(
    JSON.stringify({
      ...base,
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: fake.answer },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    }),
  );
};

async function startFake(path: string, respond: Responder, basePath: string) {
  const fake: FakeModelServer = {
    url: '',
    requests: [],
    behaviour: 'answer',
    answer: 'Hello from the fake model.',
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== path) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: `no route ${req.method} ${req.url}` }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      fake.requests.push(body);
      // 'hang' never answers: the caller's timeout must end the wait.
      if (fake.behaviour !== 'hang') respond(body, fake, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}${basePath}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

export const startFakeOllama = () => startFake('/api/chat', ollama, '');
export const startFakeOpenAi = () => startFake('/v1/chat/completions', openai, '/v1');
