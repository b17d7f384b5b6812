import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MembershipPlans, SetMembershipPlansRequest } from '../../../common/schemas/plans';
import type { Container } from '../../container';
import { routesFor } from '../../http/route';
import { ownPlans, publicPlans, setPlans } from './plans';

const UsernameParams = z.object({ username: z.string().min(1).max(64) });

/** Monthly and yearly prices of a creator's paid tiers (issue 43): settings and public offer. */
export const planRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routesFor(app, ctx, { tags: ['billing'] });

    route.authed({
      method: 'PUT',
      url: '/api/v1/creator/plans',
      schema: {
        summary:
          "Creator: set the yearly prices of the caller's paid tiers (1 to 12 months' price)",
        operationId: 'setMembershipPlans',
        body: SetMembershipPlansRequest,
        response: { 200: MembershipPlans },
      },
      handler: ({ viewer, request, meta }) => setPlans(ctx.db, viewer, request.body, meta()),
    });

    route.authed({
      method: 'GET',
      url: '/api/v1/creator/plans',
      schema: {
        summary: "Creator: the monthly and yearly prices of the caller's paid tiers",
        operationId: 'getMembershipPlans',
        response: { 200: MembershipPlans },
      },
      handler: ({ viewer }) => ownPlans(ctx.db, viewer),
    });

    route.open({
      method: 'GET',
      url: '/api/v1/creators/:username/plans',
      errors: [404],
      schema: {
        summary: "The monthly and yearly prices of a creator's paid tiers",
        operationId: 'getCreatorPlans',
        params: UsernameParams,
        response: { 200: MembershipPlans },
      },
      handler: ({ request }) => publicPlans(ctx.db, request.params.username),
    });
  };
