import { S3ServiceException } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { isStoreUnreachable } from './s3';

const s3Error = (name: string, httpStatusCode: number) =>
  new S3ServiceException({ name, $fault: 'server', $metadata: { httpStatusCode } });

describe('an S3 failure that means the store is away (503), not a refusal of this request', () => {
  it('counts network errors, timeouts and 5xx answers', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    // The SDK's connect deadline (connectionTimeout) names its error TimeoutError.
    const timedOut = Object.assign(new Error('Socket timed out'), { name: 'TimeoutError' });
    const wrapped = new Error('upload failed', {
      cause: Object.assign(new Error('getaddrinfo'), { code: 'ENOTFOUND' }),
    });
    for (const err of [refused, timedOut, wrapped, s3Error('SlowDown', 503), s3Error('x', 500)]) {
      expect(isStoreUnreachable(err), String(err)).toBe(true);
    }
  });

  it('leaves refusals and other failures alone', () => {
    for (const err of [
      s3Error('AccessDenied', 403),
      s3Error('NoSuchKey', 404),
      new Error('S3 answered without a body stream'),
      Object.assign(new Error('no space'), { code: 'ENOSPC' }),
      null,
    ]) {
      expect(isStoreUnreachable(err), String(err)).toBe(false);
    }
  });
});
