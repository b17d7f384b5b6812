import { SignupResponse } from '../../common/schemas/auth';
import { ChatResponse } from '../../common/schemas/ai';
import type { Load } from './types';
import type { Scenario } from './types';

/*
 * The built-in AI guide (issue 13): answers per second and p99 of POST /api/v1/ai/chat, next to
 * the bare Fastify route measured in the same run. The AI rate limits are lifted for the load.
 */

const LIFTED_LIMITS = {
  AI_RATE_LIMIT_PER_MINUTE: '100000000',
  AI_ANON_RATE_LIMIT_PER_MINUTE: '100000000',
};

async function signedInCreator(url: string): Promise<string> {
  const res = await fetch(new URL('/v1/auth/signup', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'bench_asker',
      email: 'bench_asker@bench.test',
      password: 'B3nch!Asker',
      newsletter: false,
      termsAndConditions: true,
    }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return SignupResponse.parse(await res.json()).token;
}

/** Fails the scenario before measuring unless the guide answers as expected. */
async function checked(url: string, load: Load, expected: RegExp): Promise<Load> {
  const res = await fetch(new URL(load.path, url), {
    method: 'POST',
    headers: load.headers,
    body: load.body,
  });
  if (!res.ok) throw new Error(`ai chat answered ${res.status}: ${await res.text()}`);
  const { response } = ChatResponse.parse(await res.json());
  if (!expected.test(response)) throw new Error(`unexpected answer: ${response}`);
  return load;
}

const chatLoad = (message: string, headers: Record<string, string> = {}): Load => ({
  method: 'POST',
  path: '/api/v1/ai/chat',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify({ message, language: 'en' }),
});

/** A signed-out help question: intent rules plus the FAQ text, no database. */
export const aiHelp: Scenario = {
  name: 'ai-help',
  group: 'ai',
  description: 'POST /api/v1/ai/chat, builtin guide, signed-out help question',
  env: LIFTED_LIMITS,
  async prepare({ url }) {
    return checked(url, chatLoad('How do I upload a product?'), /open Upload/);
  },
};

/** A signed-in figure question: token check plus the ledger, follows and wallet reads. */
export const aiFigures: Scenario = {
  name: 'ai-figures',
  group: 'ai',
  description: 'POST /api/v1/ai/chat, builtin guide, signed-in "how much did I earn this month"',
  env: LIFTED_LIMITS,
  async prepare({ url }) {
    const token = await signedInCreator(url);
    return checked(
      url,
      chatLoad('How much did I earn this month?', { authorization: `Bearer ${token}` }),
      /earnings this month/,
    );
  },
};
