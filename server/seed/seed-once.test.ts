/**
 * Issue 18: the demo seed never runs in production, and instances starting at once on an empty
 * database seed it once (advisory lock). The seeders here are stand-ins that count their runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/app';
import { seedDemoOnce, type Seeder } from './index';

let t: TestApp;
beforeAll(async () => {
  // A database of its own: the "seeded" marker is one per database.
  t = await createTestApp({ ownDatabase: true });
});
afterAll(() => t.close());

describe('seedDemoOnce', () => {
  it('does nothing in production', async () => {
    let runs = 0;
    const production = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) });
    const ctx = { ...t.container, config: { ...t.container.config, ...production } };
    const report = await seedDemoOnce(ctx, [async () => void runs++]);
    expect(report).toBeNull();
    expect(runs).toBe(0);
  });

  it('seeds once when two instances start at once, and never again', async () => {
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const hasEntered = new Promise<void>((resolve) => (entered = resolve));
    const slowSeeder: Seeder = async (_ctx, report) => {
      runs += 1;
      entered();
      await gate;
      report.lines.push('seeded');
    };
    const first = seedDemoOnce(t.container, [slowSeeder]);
    await hasEntered;
    // The second start arrives while the first is still seeding.
    const second = await seedDemoOnce(t.container, [slowSeeder]);
    release();
    expect(await first).toEqual({ lines: ['seeded'] });
    expect(second).toBeNull();
    expect(await seedDemoOnce(t.container, [slowSeeder])).toBeNull();
    expect(runs).toBe(1);
  });
});
