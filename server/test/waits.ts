/**
 * How long a test waits for work that happens after the call it made (the outbox relay, Redis
 * pub/sub, the job runner): milliseconds here, but a loaded CI machine can stretch it past
 * vitest's 1 s default of `expect.poll` and `vi.waitFor`, which return as soon as it is done.
 */
export const SOON = { timeout: 10_000 };
