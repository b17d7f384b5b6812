import autocannon from 'autocannon';
import type { Load, StepContext } from './scenarios/types';

export interface Measurement {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors, timeouts and non-2xx answers: a run with any is not a valid number. */
  failures: number;
}

export interface MeasureOptions {
  seconds: number;
  connections: number;
}

function run(url: string, load: Load, seconds: number, connections: number) {
  return autocannon({
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
  });
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
