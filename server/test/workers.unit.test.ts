import { describe, expect, it } from 'vitest';
import { workerDatabaseUrl, workerRedisUrl } from './workers';

describe('API test workers', () => {
  it('gives each worker a database named after the given one, keeping the rest of the URL', () => {
    expect(workerDatabaseUrl('postgres://postgres@127.0.0.1:5432/test', 1)).toBe(
      'postgres://postgres@127.0.0.1:5432/test_w1',
    );
    expect(workerDatabaseUrl('postgres://u:p%40ss@db.local/aura_api?sslmode=disable', 2)).toBe(
      'postgres://u:p%40ss@db.local/aura_api_w2?sslmode=disable',
    );
  });

  it('gives each worker a Redis database of its own', () => {
    expect(workerRedisUrl('redis://127.0.0.1:6379', 1)).toBe('redis://127.0.0.1:6379/1');
    expect(workerRedisUrl('redis://:secret@127.0.0.1:6379/0', 2)).toBe(
      'redis://:secret@127.0.0.1:6379/2',
    );
  });
});
