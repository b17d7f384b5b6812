import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitOptions } from '../../../common/rules/ai-reply';
import { createTestApp, type TestApp } from '../../test/app';
import { createItem, createUser, type TestUser } from '../../test/factories';
import { creditEarnings, creditWallet } from '../billing/ledger';

// A fixed "now" keeps "this month" away from month boundaries.
const NOW = new Date('2026-05-20T12:00:00Z');
const THIS_MONTH = new Date('2026-05-10T09:00:00Z');
const LAST_MONTH = new Date('2026-04-25T09:00:00Z');

let t: TestApp;
let creator: TestUser;
let fan: TestUser;

const ask = async (message: string, user: TestUser | null, language = 'en') => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/ai/chat',
    payload: { message, language },
    headers: user?.auth ?? {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ response: string }>().response;
};

beforeAll(async () => {
  t = await createTestApp({
    clock: { now: () => NOW },
    env: { AI_ANON_RATE_LIMIT_PER_MINUTE: '1000', AI_RATE_LIMIT_PER_MINUTE: '1000' },
  });
  creator = await createUser(t, { role: 'creator' });
  fan = await createUser(t);
  const loop = await createItem(t, creator, { title: 'Night loop', priceCents: 999 });
  const pack = await createItem(t, creator, { title: 'Drum pack', priceCents: 1500 });
  const sale = (itemId: number, grossCents: number, ref: string, at: Date) =>
    creditEarnings(t.db, {
      creatorId: creator.user.id,
      grossCents,
      currency: 'eur',
      feePercent: 10,
      kind: 'sale',
      ref,
      itemId,
      at,
    });
  // May: two sales of 9.99 EUR (8.99 each after the 10% fee) and a 5.00 USD membership (4.50).
  await sale(loop.id, 999, 'test-sale-1', THIS_MONTH);
  await sale(loop.id, 999, 'test-sale-2', THIS_MONTH);
  await creditEarnings(t.db, {
    creatorId: creator.user.id,
    grossCents: 500,
    currency: 'usd',
    feePercent: 10,
    kind: 'membership',
    ref: 'test-membership-1',
    at: THIS_MONTH,
  });
  // April: one sale of 15.00 EUR (13.50), in the total only.
  await sale(pack.id, 1500, 'test-sale-3', LAST_MONTH);
  await creditWallet(t.db, {
    userId: creator.user.id,
    amountCents: 2500,
    kind: 'topup',
    ref: 'test-topup-1',
    at: THIS_MONTH,
  });
  const follow = await t.app.inject({
    method: 'POST',
    url: `/api/creator/${creator.user.username}/follow`,
    headers: fan.auth,
  });
  expect(follow.statusCode, follow.body).toBe(200);
});
afterAll(() => t.close());

describe('the builtin guide and a signed-in creator’s own figures', () => {
  it('answers "how much did I earn this month" with the ledger, per currency', async () => {
    const { text, options } = splitOptions(await ask('How much did I earn this month?', creator));
    expect(text).toBe(
      'Your earnings this month (since May 1, after the platform fee): €17.98 and $4.50.',
    );
    // Euros and dollars are never added into one figure.
    expect(text).not.toMatch(/22\.48/);
    expect(options.length).toBeGreaterThan(0);
  });

  it('answers in the user’s language', async () => {
    const text = splitOptions(await ask('¿Cuánto he ganado este mes?', creator, 'es')).text;
    expect(text).toContain('17,98\u00a0€');
    expect(text).toContain('4,50\u00a0US$');
    const german = splitOptions(await ask('Wie viel habe ich insgesamt verdient?', creator, 'de'));
    expect(german.text).toContain('31,48\u00a0€');
  });

  it('answers sales, best item, followers, wallet and the total', async () => {
    expect(await ask('How many sales did I make this month?', creator)).toMatch(
      /You sold 2 items this month/,
    );
    expect(await ask('What is my best-selling item?', creator)).toMatch(
      /“Night loop” with 2 sales \(€17\.98/,
    );
    expect(await ask('How many followers do I have?', creator)).toMatch(/You have 1 follower\./);
    expect(await ask('What is my wallet balance?', creator)).toMatch(/€25\.00/);
    expect(await ask('How much have I earned in total?', creator)).toMatch(/€31\.48 and \$4\.50/);
  });

  it('never tells a signed-out caller anyone’s figures', async () => {
    const text = await ask('How much did I earn this month?', null);
    expect(text).toMatch(/^Sign in and ask me again/);
    expect(text).not.toMatch(/17[.,]98|4[.,]50|31[.,]48/);
  });

  it('tells another user only their own figures, whoever they name', async () => {
    const own = await ask('How much did I earn this month?', fan);
    expect(own).toMatch(/You have no earnings this month yet/);
    const named = await ask(`How much did @${creator.user.username} earn this month?`, fan);
    expect(named).toMatch(/only tell you your own figures/);
    for (const text of [own, named]) expect(text).not.toMatch(/17[.,]98|4[.,]50|31[.,]48/);
  });
});

describe('the builtin guide without figures', () => {
  it('answers help questions from the FAQ and offers next questions as Option: lines', async () => {
    const { text, options } = splitOptions(await ask('How do I upload a product?', null));
    expect(text).toMatch(/^Once signed in, open Upload from the menu/);
    expect(options).toHaveLength(3);
    expect(options).not.toContain('How do I upload a product?');
    // Every offered option is understood again.
    for (const option of options) {
      expect(await ask(option, null)).not.toMatch(/did not recognise/);
    }
  });

  it('says what it is when asked, and admits an unknown question', async () => {
    expect(await ask('Who are you?', null)).toMatch(/not a language model/);
    expect(await ask('Quantum chromodynamics please', null)).toMatch(/did not recognise/);
  });

  it('drafts a title, description and tags in draft mode from the input and category', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ai/chat',
      headers: creator.auth,
      payload: { message: 'rainy lofi beat for studying', mode: 'draft', category: 'Music' },
    });
    const lines = res.json<{ response: string }>().response.split('\n');
    expect(lines[0]).toBe('Title: Rainy lofi beat for studying');
    expect(lines[1]).toBe(
      'Description: Rainy lofi beat for studying. Beats in Music for producers, DJs and musicians.',
    );
    expect(lines[2]).toBe('Tags: rainy, lofi, beat, studying, music');
  });

  it('drafts from the item’s tags, tier and price in the user’s language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ai/chat',
      headers: creator.auth,
      payload: {
        message: 'Ein Pack mit Synth-Loops',
        mode: 'draft',
        language: 'de',
        tags: [' Ambient ', 'Ambient'],
        tier: 'Hypr',
        priceCents: 350,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ response: string }>().response.split('\n')).toEqual([
      'Titel: Ein Pack mit Synth-Loops',
      'Beschreibung: Ein Pack mit Synth-Loops. Loops aus Musik für Produzent:innen, DJs und Musiker:innen. Mitglieder von Hypr öffnen es, ohne es zu kaufen. Für 3,50\u00a0€ freischalten.',
      'Schlagwörter: ambient, pack, synth-loops, loops, musik',
    ]);
  });

  it.each([
    { tier: 'Gold' },
    { priceCents: -1 },
    { priceCents: 1.5 },
    { tags: Array.from({ length: 21 }, (_, i) => `tag${i}`) },
    { tags: ['x'.repeat(41)] },
  ])('refuses a studio item it cannot read (%o) with 400', async (item) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ai/chat',
      headers: creator.auth,
      payload: { message: 'A pack of synth loops', mode: 'draft', ...item },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('error');
  });

  it('names itself as the only model to a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/ai/models', headers: fan.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      provider: 'builtin',
      defaultModel: 'aura-builtin',
      models: ['aura-builtin'],
    });
  });

  it('tells nobody signed out which provider answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/ai/models' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'sign_in_required' });
    expect(res.body).not.toMatch(/aura-builtin|builtin/);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ai/models',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(forged.statusCode).toBe(401);
  });
});

describe('GET /api/v1/ai/placeholder', () => {
  const url = (text: string) => `/api/v1/ai/placeholder?${new URLSearchParams({ text })}`;

  it('draws a PNG from the text, the same for the same text', async () => {
    const first = await t.app.inject({ method: 'GET', url: url('Neon city at night') });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.rawPayload.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    const again = await t.app.inject({ method: 'GET', url: url('Neon city at night') });
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const other = await t.app.inject({ method: 'GET', url: url('Quiet forest') });
    expect(other.headers.etag).not.toBe(first.headers.etag);
  });

  it('answers 304 to a browser that has it', async () => {
    const first = await t.app.inject({ method: 'GET', url: url('Neon city at night') });
    const cached = await t.app.inject({
      method: 'GET',
      url: url('Neon city at night'),
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);
  });

  it('refuses text that is too short or too long', async () => {
    const short = await t.app.inject({ method: 'GET', url: url('  a ') });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('studio.error.tooShort');
    expect((await t.app.inject({ method: 'GET', url: url('x'.repeat(201)) })).statusCode).toBe(400);
  });
});
