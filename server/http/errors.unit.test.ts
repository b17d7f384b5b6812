import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configureHttp } from '../app';
import { fail, failWithKey } from './errors';

const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
beforeAll(async () => {
  configureHttp(app);
  app.post(
    '/echo',
    {
      schema: {
        body: z.object({
          name: z.string().min(4, 'usernameTooShort'),
          age: z.number().int(),
          tags: z.array(z.string().max(3)).optional(),
          id: z.uuid('creatorIdInvalid').optional(),
        }),
      },
    },
    async (req) => req.body,
  );
  app.get('/refuse', async () => {
    throw failWithKey(409, 'usernameTaken', { field: 'username' });
  });
  app.get('/refuse-by-code', async () => {
    throw fail('priceMismatch', { price: '9,99 €' }, { field: 'price' });
  });
  app.get('/crash', async () => {
    throw new Error('secret stack detail');
  });
  await app.ready();
});
afterAll(() => app.close());

describe('error answers', () => {
  it('gives a message key as the error and names the field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      payload: { name: 'abc', age: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'usernameTooShort',
      field: 'name',
      code: 'usernameTooShort',
    });
  });

  it("answers zod's issue code as the reason, never zod's English sentence", async () => {
    const cases = [
      [{ name: 'abcd' }, 'age', 'invalid_type'],
      [{ name: 'abcd', age: 1.5 }, 'age', 'invalid_type'],
      [{ name: 'abcd', age: 1, tags: ['abcd'] }, 'tags.0', 'too_big'],
      // A schema's own key is machine-readable already: it is the reason.
      [{ name: 'abcd', age: 1, id: 'x' }, 'id', 'creatorIdInvalid'],
    ] as const;
    for (const [payload, field, reason] of cases) {
      const res = await app.inject({ method: 'POST', url: '/echo', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        // A schema's own key is the text itself, as SPEC §8 quotes such keys.
        error: reason === 'creatorIdInvalid' ? reason : `${field}: ${reason}`,
        field,
        code: 'invalid_field',
        params: { field, reason },
      });
    }
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
    expect(res.json().code).toBe('bad_request');
  });

  it('answers a SPEC §5 message key as both the text and the code', async () => {
    const res = await app.inject({ method: 'GET', url: '/refuse' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'usernameTaken',
      code: 'usernameTaken',
      field: 'username',
    });
  });

  it('answers a catalogue code with its status, its filled-in text, the code and the params', async () => {
    const res = await app.inject({ method: 'GET', url: '/refuse-by-code' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Price mismatch: the price is 9,99 €',
      code: 'priceMismatch',
      params: { price: '9,99 €' },
      field: 'price',
    });
  });

  it('never leaks a stack trace on a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error).toBe('Internal server error');
    expect(res.json().code).toBe('internal');
    expect(res.body).not.toContain('secret stack detail');
    expect(res.json().requestId).toBeTruthy();
  });
});
