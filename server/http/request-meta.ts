import type { FastifyRequest } from 'fastify';
import type { Clock } from '../context';
import type { EventMeta } from '../events/record';

/** Where a request came from, for the audit row of whatever it changes. */
export function requestMeta(request: FastifyRequest, clock: Clock): EventMeta {
  const agent = request.headers['user-agent'];
  return {
    at: clock.now(),
    ip: request.ip,
    userAgent: typeof agent === 'string' ? agent.slice(0, 512) : null,
    requestId: request.id,
  };
}
