import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HubCreatorsPage,
  HubCreatorsQuery,
  HubDashboardResponse,
  HubRefusal,
  HubUsersPage,
  HubUsersQuery,
  HubUserUpdateRequest,
  HubUserUpdateResponse,
} from '../../../common/schemas/hub';
import type { Container } from '../../container';
import { routesFor } from '../../http/route';
import { listCreators } from './creators.read-model';
import { hubDashboard, type HubDeps } from './dashboard.read-model';
import { listHubUsers, updateHubUser } from './role-tools';

// Any text reaches the service, which answers 404 for what cannot be a user id.
const UserParams = z.object({ id: z.string() });

/** The Control Hub (issue 15): dashboard, creator mapping and role tools. Payouts: payouts module. */
export const hubRoutes =
  (c: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const deps: HubDeps = { db: c.db, clock: c.clock, timeZone: c.config.hubTimeZone };
    const route = routesFor(app, c, { tags: ['hub'] });

    route.authed({
      method: 'GET',
      url: '/api/v1/hub/dashboard',
      schema: {
        summary: 'Control Hub: dashboard',
        operationId: 'hubDashboard',
        response: { 200: HubDashboardResponse },
      },
      handler: ({ viewer }) => hubDashboard(deps, viewer),
    });

    route.authed({
      method: 'GET',
      url: '/api/v1/hub/creators',
      schema: {
        summary: 'Control Hub: creators',
        operationId: 'hubListCreators',
        querystring: HubCreatorsQuery,
        response: { 200: HubCreatorsPage },
      },
      handler: ({ viewer, request }) => listCreators(deps, viewer, request.query),
    });

    route.authed({
      method: 'GET',
      url: '/api/v1/hub/users',
      schema: {
        summary: 'Control Hub: accounts and roles',
        operationId: 'hubListUsers',
        querystring: HubUsersQuery,
        response: { 200: HubUsersPage },
      },
      handler: ({ viewer, request }) => listHubUsers(c.db, viewer, request.query),
    });

    route.authed({
      method: 'PATCH',
      url: '/api/v1/hub/users/:id',
      schema: {
        summary: 'Control Hub: change an account’s role or state',
        operationId: 'hubUpdateUser',
        params: UserParams,
        body: HubUserUpdateRequest,
        response: { 200: HubUserUpdateResponse, 403: HubRefusal, 409: HubRefusal },
      },
      handler: ({ viewer, request, meta }) =>
        updateHubUser(c.db, viewer, request.params.id, request.body, meta()),
    });
  };
