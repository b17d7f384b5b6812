import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishedEvent } from '../../common/events';
import { createTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/factories';

// Two app instances on one PostgreSQL database and one Redis, as behind a load balancer. CI sets
// both variables (see .ci/run); without them this file is skipped.
const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
const redisUrl = process.env.TEST_REDIS_URL ?? '';

describe.runIf(databaseUrl && redisUrl)('events across instances (PostgreSQL + Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  const heardOnB: PublishedEvent[] = [];
  beforeAll(async () => {
    [a, b] = await Promise.all([
      createTestApp({ env: { REDIS_URL: redisUrl } }),
      createTestApp({ env: { REDIS_URL: redisUrl } }),
    ]);
    b.container.bus.subscribe((event) => heardOnB.push(event));
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('delivers an event committed through instance A to a subscriber on instance B', async () => {
    expect(a.container.bus.kind).toBe('redis');
    const fan = await createUser(a);
    const other = await createUser(a);
    const res = await a.app.inject({
      method: 'POST',
      url: `/api/v1/users/${other.user.id}/block`,
      headers: fan.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    await a.container.flushEvents();
    await expect
      .poll(() => heardOnB.filter((e) => e.event.subjectId === fan.user.id).length)
      .toBe(1);
    expect(heardOnB.find((e) => e.event.subjectId === fan.user.id)?.event.type).toBe(
      'user.blocked',
    );
  });
});
