import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../auth/guard';
import type { TokenService } from '../auth/tokens';

/** Per-route limit keyed by client address (sign-in and sign-up calls, issue 3). */
export const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/**
 * Per signed-in user when the request carries a token this server signed, else per address:
 * made-up tokens share their address's counter, so rotating them does not escape the limit.
 */
export const perCaller = (tokens: TokenService, max: number) => ({
  rateLimit: {
    max,
    timeWindow: '1 minute',
    keyGenerator: async (request: FastifyRequest) => {
      const token = bearerToken(request);
      const verified = token ? await tokens.verify(token) : null;
      return verified ? `user:${verified.id}` : `ip:${request.ip}`;
    },
  },
});
