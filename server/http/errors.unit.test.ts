import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configureHttp } from '../app';
import { badRequest } from './errors';

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
        }),
      },
    },
    async (req) => req.body,
  );
  app.get('/refuse', async () => {
    throw badRequest('nope');
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
    expect(res.json()).toEqual({ error: 'usernameTooShort', field: 'name' });
  });

  it('puts the field in front of zod sentences', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { name: 'abcd' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('age');
    expect(res.json().error).toMatch(/^age: /);
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
  });

  it('passes HttpError status and text through', async () => {
    const res = await app.inject({ method: 'GET', url: '/refuse' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'nope' });
  });

  it('never leaks a stack trace on a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error).toBe('Internal server error');
    expect(res.body).not.toContain('secret stack detail');
    expect(res.json().requestId).toBeTruthy();
  });
});
