import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigEnv } from './config';
import { ENV_EXAMPLE, envExample, variableComments } from './env-example';

describe('.env.example', () => {
  it('is what server/config.ts generates (run `npm run env:example` after changing it)', () => {
    expect(fs.readFileSync(ENV_EXAMPLE, 'utf8')).toBe(envExample());
  });

  it('names every variable once, with its meaning and default', () => {
    const text = envExample();
    for (const name of Object.keys(ConfigEnv.shape)) {
      expect(text.match(new RegExp(`^# ${name}=`, 'gm'))).toHaveLength(1);
    }
    expect(text).toContain('# TCP port the HTTP server listens on.\n# PORT=3000\n');
    expect(text).toMatch(/# DATABASE_URL=\n/);
  });

  it('reads multi-line doc comments as one line', () => {
    const comments = variableComments(
      '  /**\n   * First part,\n   * second part.\n   */\n  A_B: x,',
    );
    expect(comments.get('A_B')).toBe('First part, second part.');
  });
});
