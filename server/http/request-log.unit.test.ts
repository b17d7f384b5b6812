import Fastify, { LogController } from 'fastify';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  LOG_REDACT_PATHS,
  REDACTED,
  redactUrl,
  registerRequestLog,
  requestSerializer,
} from './request-log';

describe('request log (issue 10)', () => {
  it('writes one line per request, with method, path, status and duration', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          lines.push(JSON.parse(line) as Record<string, unknown>);
        }
        done();
      },
    });
    const app = Fastify({
      logger: { level: 'info', stream },
      logController: new LogController({ disableRequestLogging: true }),
    });
    registerRequestLog(app, 'test');
    app.get('/hello', async () => ({ ok: true }));
    await app.ready();
    await app.inject({ url: '/hello?x=1' });
    await app.inject({ url: '/missing' });
    await app.close();
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/hello?x=1', statusCode: 200 });
    expect(typeof requests[0]?.responseTimeMs).toBe('number');
    expect(requests[1]).toMatchObject({ statusCode: 404 });
    expect(lines.filter((line) => line.msg === 'incoming request')).toHaveLength(0);
  });
});

describe('request log secrets (issue 19)', () => {
  it('redacts the values of secret query parameters and keeps the rest', () => {
    expect(redactUrl('/reset-password?token=abc.DEF-123')).toBe(
      `/reset-password?token=${REDACTED}`,
    );
    expect(redactUrl('/api/v1/mail/unsubscribe?token=u.sales.mac&x=1')).toBe(
      `/api/v1/mail/unsubscribe?token=${REDACTED}&x=1`,
    );
    expect(redactUrl('/api/v1/media/a.png?exp=123&sig=abcdef')).toBe(
      `/api/v1/media/a.png?exp=123&sig=${REDACTED}`,
    );
    expect(redactUrl('/x?Feed_Token=1&client_secret=2&code=3&page=4')).toBe(
      `/x?Feed_Token=${REDACTED}&client_secret=${REDACTED}&code=${REDACTED}&page=4`,
    );
    expect(redactUrl('/x?%74oken=abc')).toBe(`/x?%74oken=${REDACTED}`);
    expect(redactUrl('/verify-email')).toBe('/verify-email');
    expect(redactUrl('/feed?limit=50&cursor=abc')).toBe('/feed?limit=50&cursor=abc');
  });

  it('redacts the token of a private feed link in its path (issue 42)', () => {
    const token = 'Ab_c-1234567890123456789012345678901234567';
    expect(redactUrl(`/api/v1/feeds/alice/${token}.rss`)).toBe(
      `/api/v1/feeds/alice/${REDACTED}.rss`,
    );
    expect(redactUrl(`/api/v1/feeds/alice/${token}.rss?x=1`)).toBe(
      `/api/v1/feeds/alice/${REDACTED}.rss?x=1`,
    );
    expect(redactUrl(`/api/v1/feeds/alice/${token}/media/12`)).toBe(
      `/api/v1/feeds/alice/${REDACTED}/media/12`,
    );
    expect(redactUrl(`/api/v1/feeds/alice/${token}`)).toBe(`/api/v1/feeds/alice/${REDACTED}`);
    expect(redactUrl('/api/v1/feeds/alice.rss')).toBe('/api/v1/feeds/alice.rss');
  });

  it('writes no token of a query string or a body to any line', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const app = Fastify({
      logger: {
        level: 'info',
        stream,
        redact: LOG_REDACT_PATHS,
        serializers: { req: requestSerializer },
      },
      logController: new LogController({ disableRequestLogging: true }),
    });
    registerRequestLog(app, 'test');
    app.post('/reset', async (request) => {
      request.log.info({ body: request.body }, 'a handler that logs its body');
      request.log.info({ req: request }, 'a line with the request');
      return { ok: true };
    });
    await app.ready();
    await app.inject({
      method: 'POST',
      url: '/reset?token=QUERYSECRET',
      payload: { token: 'BODYSECRET', password: 'PASSWORDSECRET' },
    });
    await app.close();
    const log = lines.join('\n');
    expect(log).toContain('/reset?token=');
    for (const secret of ['QUERYSECRET', 'BODYSECRET', 'PASSWORDSECRET']) {
      expect(log).not.toContain(secret);
    }
  });
});
