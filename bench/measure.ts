import autocannon from 'autocannon';
import type { CpuMeter } from './cpu';
import type { Load, StepContext } from './scenarios/types';
import { percentile } from './percentile';

export interface Measurement {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /**
   * p99 over the answers after each connection's first in its round (side by side only): every
   * round opens its connections afresh, and a busy Node 20 server accepts one new connection per
   * event-loop turn, so at c=100 the first answers wait their turn to be accepted.
   */
  p99AfterFirstMs?: number;
  /** Connection errors, timeouts and non-2xx answers: a run with any is not a valid number. */
  failures: number;
  /**
   * CPU ms per answer of the server and of the database (null: not measured, or the database
   * is not a process of its own here), when the measurement had a CPU meter.
   */
  cpuMsPerAnswer?: { server: number; database: number | null };
}

export interface MeasureOptions {
  seconds: number;
  connections: number;
}

function start(url: string, load: Load, seconds: number, connections: number) {
  let instance!: autocannon.Instance;
  // autocannon stops only at a sample tick (every second by default), so a round of 1.25 s
  // would run for 2; with ticks every 100 ms it ends within a tenth of its length.
  const opts = { ...options(url, load, seconds, connections), sampleInt: 100 };
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(opts, (error, result) =>
      error ? reject(error as Error) : resolve(result),
    );
  });
  return { instance, done };
}

function run(url: string, load: Load, seconds: number, connections: number) {
  return autocannon(options(url, load, seconds, connections));
}

function options(
  url: string,
  load: Load,
  seconds: number,
  connections: number,
): autocannon.Options {
  return {
    url: new URL(load.path, url).toString(),
    method: load.method ?? 'GET',
    headers: load.headers,
    body: load.body,
    // Steps replace the one request; without them autocannon keeps its own default.
    ...(load.steps && {
      requests: load.steps.map((step) => ({
        setupRequest: (request: autocannon.Request, context: object) => ({
          ...request,
          ...step.request(context as StepContext),
        }),
        onResponse: step.read
          ? (_status: number, body: string, context: object) =>
              step.read!(body, context as StepContext)
          : undefined,
      })),
    }),
    duration: seconds,
    connections,
    pipelining: 1,
  };
}

/** A short unrecorded warm-up (JIT, connection pools), then the measured run. */
export async function measure(url: string, load: Load, opts: MeasureOptions): Promise<Measurement> {
  await run(url, load, Math.min(2, Math.max(1, Math.round(opts.seconds / 5))), opts.connections);
  const result = await run(url, load, opts.seconds, opts.connections);
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/** Where a side of a side-by-side measurement sends its load. */
export interface Side {
  url: string;
  load: Load;
}

export interface RoundsOptions extends MeasureOptions {
  /** Rounds the measured seconds of each side are split into (alternating, see below). */
  rounds: number;
  /** Read before and after every round: each side's CPU per answer (issue 17: where time goes). */
  cpu?: CpuMeter;
}

/** One side's responses over all its rounds, and the CPU its rounds took. */
interface Pooled {
  latencies: number[];
  afterFirst: number[];
  seconds: number;
  failures: number;
  serverMs: number;
  databaseMs: number | null;
}

function pooled(): Pooled {
  return { latencies: [], afterFirst: [], seconds: 0, failures: 0, serverMs: 0, databaseMs: 0 };
}

async function round(
  side: Side,
  seconds: number,
  connections: number,
  into: Pooled,
  cpu?: CpuMeter,
) {
  const before = cpu?.();
  const { instance, done } = start(side.url, side.load, seconds, connections);
  const answered = new Set<unknown>();
  instance.on('response', (client, statusCode, _bytes, ms) => {
    const ok = statusCode >= 200 && statusCode < 300;
    if (ok) into.latencies.push(ms);
    if (ok && answered.has(client)) into.afterFirst.push(ms);
    answered.add(client);
  });
  const result = await done;
  into.seconds += result.duration;
  into.failures += result.errors + result.timeouts + result.non2xx;
  if (!before || !cpu) return;
  const after = cpu();
  into.serverMs += after.serverMs - before.serverMs;
  into.databaseMs =
    into.databaseMs === null || before.databaseMs === null || after.databaseMs === null
      ? null
      : into.databaseMs + after.databaseMs - before.databaseMs;
}

function summary(side: Pooled, metered: boolean): Measurement {
  const answers = side.latencies.length;
  return {
    requestsPerSecond: answers / side.seconds,
    p50Ms: percentile(side.latencies, 50),
    p99Ms: percentile(side.latencies, 99),
    p99AfterFirstMs: percentile(side.afterFirst, 99),
    failures: side.failures,
    ...(metered && {
      cpuMsPerAnswer: {
        server: side.serverMs / answers,
        database: side.databaseMs === null ? null : side.databaseMs / answers,
      },
    }),
  };
}

/**
 * Two loads measured side by side: after a warm-up of each, their measured seconds are split
 * into rounds taken in turn, in the order A B, B A, A B, ... so that a machine whose load drifts
 * during the measurement (a shared one) weighs on both sides alike instead of on whichever ran
 * second. Requests per second are each side's answers over its measured time; p50 and p99 are
 * taken over all of its answers; CPU per answer (with `opts.cpu`) is the CPU its rounds took
 * over its answers (what the server or PostgreSQL does besides answering in those seconds,
 * such as the job runner's work or another client's queries, counts too).
 */
export async function measureSideBySide(
  a: Side,
  b: Side | undefined,
  opts: RoundsOptions,
): Promise<[Measurement, Measurement | undefined]> {
  const warm = Math.min(2, Math.max(1, Math.round(opts.seconds / 5)));
  await run(a.url, a.load, warm, opts.connections);
  if (b) await run(b.url, b.load, warm, opts.connections);
  const rounds = Math.max(1, opts.rounds);
  const seconds = opts.seconds / rounds;
  const sides = [{ side: a, pooled: pooled() }, ...(b ? [{ side: b, pooled: pooled() }] : [])];
  for (let n = 0; n < rounds; n += 1) {
    const order = n % 2 === 0 ? sides : [...sides].reverse();
    for (const { side, pooled: into } of order) {
      await round(side, seconds, opts.connections, into, opts.cpu);
    }
  }
  const metered = Boolean(opts.cpu);
  return [summary(sides[0]!.pooled, metered), sides[1] && summary(sides[1].pooled, metered)];
}
