import { describe, expect, it } from 'vitest';
import { readableLogLine } from './readable-log';
import { requestLogLevel } from './request-log';

describe('readable log lines (development console)', () => {
  it('writes time, level, message and fields on one line', () => {
    const line = JSON.stringify({
      level: 40,
      time: Date.UTC(2026, 10, 28, 12, 4, 5),
      pid: 7,
      hostname: 'box',
      reqId: 'r-1',
      msg: 'slow answer',
      url: '/api/v1/feed?limit=20',
      statusCode: 200,
      note: 'two words',
    });
    expect(readableLogLine(line)).toBe(
      '12:04:05 WARN  slow answer reqId=r-1 url=/api/v1/feed?limit=20 statusCode=200 note="two words"\n',
    );
  });

  it("puts an error's stack under its line", () => {
    const line = JSON.stringify({
      level: 50,
      time: 0,
      msg: 'failed',
      err: { message: 'boom', stack: 'Error: boom\n    at here' },
    });
    expect(readableLogLine(line)).toBe('00:00:00 ERROR failed\n  Error: boom\n      at here\n');
  });

  it('passes on a line that is not JSON', () => {
    expect(readableLogLine('plain text')).toBe('plain text\n');
  });
});

describe('requestLogLevel', () => {
  it('keeps successful requests out of the development console at info', () => {
    expect(requestLogLevel(200, 'development')).toBe('debug');
    expect(requestLogLevel(304, 'development')).toBe('debug');
    expect(requestLogLevel(404, 'development')).toBe('info');
    expect(requestLogLevel(503, 'development')).toBe('error');
  });

  it('logs every request at info in production and tests', () => {
    expect(requestLogLevel(200, 'production')).toBe('info');
    expect(requestLogLevel(200, 'test')).toBe('info');
    expect(requestLogLevel(500, 'production')).toBe('error');
  });
});
