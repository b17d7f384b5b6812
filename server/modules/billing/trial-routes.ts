import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MembershipTrials } from '../../../common/schemas/trials';
import type { Container } from '../../container';
import { routesFor } from '../../http/route';
import { ownTrialOffers, publicTrialOffers, setTrialOffers } from './trials';

const UsernameParams = z.object({ username: z.string().min(1).max(64) });

/** Free trials of a creator's paid tiers (issue 43): their settings and the public offer. */
export const trialRoutes =
  (ctx: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routesFor(app, ctx, { tags: ['billing'] });

    route.authed({
      method: 'PUT',
      url: '/api/v1/creator/trials',
      schema: {
        summary: "Creator: set the free trial days of the caller's paid tiers (0 is none)",
        operationId: 'setMembershipTrials',
        body: MembershipTrials,
        response: { 200: MembershipTrials },
      },
      handler: ({ viewer, request, meta }) => setTrialOffers(ctx.db, viewer, request.body, meta()),
    });

    route.authed({
      method: 'GET',
      url: '/api/v1/creator/trials',
      schema: {
        summary: "Creator: the free trial days of the caller's paid tiers",
        operationId: 'getMembershipTrials',
        response: { 200: MembershipTrials },
      },
      handler: ({ viewer }) => ownTrialOffers(ctx.db, viewer),
    });

    route.open({
      method: 'GET',
      url: '/api/v1/creators/:username/trials',
      errors: [404],
      schema: {
        summary: "The free trial days a creator's paid tiers start with",
        operationId: 'getCreatorTrials',
        params: UsernameParams,
        response: { 200: MembershipTrials },
      },
      handler: async ({ request }) => {
        const offers = await publicTrialOffers(ctx.db, request.params.username);
        // A server that takes no payments starts no memberships: its tier cards offer none.
        return ctx.payments.name === 'none' ? { Hypr: 0, HyprSoul: 0 } : offers;
      },
    });
  };
