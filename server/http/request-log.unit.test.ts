import Fastify, { LogController } from 'fastify';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { registerRequestLog } from './request-log';

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
    registerRequestLog(app);
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
