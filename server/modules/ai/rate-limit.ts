import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../../auth/guard';
import type { TokenService } from '../../auth/tokens';
import type { Config } from '../../config';

/**
 * Per-route limits of the AI calls: a signed-in user is counted by account, wherever they call
 * from; a signed-out caller by address, with the stricter AI_ANON_RATE_LIMIT_PER_MINUTE. The
 * limiter runs before the route's guard, so it checks the token's signature itself.
 */
export function aiRateLimit(
  config: Pick<Config, 'AI_RATE_LIMIT_PER_MINUTE' | 'AI_ANON_RATE_LIMIT_PER_MINUTE'>,
  tokens: TokenService,
) {
  return {
    rateLimit: {
      timeWindow: '1 minute',
      async keyGenerator(request: FastifyRequest) {
        const token = bearerToken(request);
        const verified = token ? await tokens.verify(token) : null;
        return verified ? `user:${verified.id}` : `address:${request.ip}`;
      },
      max: (_request: FastifyRequest, key: string) =>
        key.startsWith('user:')
          ? config.AI_RATE_LIMIT_PER_MINUTE
          : config.AI_ANON_RATE_LIMIT_PER_MINUTE,
    },
  };
}
