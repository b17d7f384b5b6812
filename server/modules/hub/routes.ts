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
import { requestMeta } from '../../http/request-meta';
import { listCreators } from './creators';
import { hubDashboard, type HubDeps } from './dashboard.read-model';
import { listHubUsers, updateHubUser } from './role-tools';

// Any text reaches the service, which answers 404 for what cannot be a user id.
const UserParams = z.object({ id: z.string() });

/** The Control Hub (issue 15): dashboard, creator mapping and role tools. Payouts: payouts module. */
export const hubRoutes =
  (c: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const deps: HubDeps = { db: c.db, clock: c.clock, timeZone: c.config.hubTimeZone };

    app.get(
      '/api/v1/hub/dashboard',
      {
        preHandler: c.guards.requireAuth,
        schema: {
          tags: ['hub'],
          summary: 'Control Hub: dashboard',
          operationId: 'hubDashboard',
          response: { 200: HubDashboardResponse },
        },
      },
      async (request) => hubDashboard(deps, c.guards.viewerOf(request)),
    );

    app.get(
      '/api/v1/hub/creators',
      {
        preHandler: c.guards.requireAuth,
        schema: {
          tags: ['hub'],
          summary: 'Control Hub: creators',
          operationId: 'hubListCreators',
          querystring: HubCreatorsQuery,
          response: { 200: HubCreatorsPage },
        },
      },
      async (request) => listCreators(deps, c.guards.viewerOf(request), request.query),
    );

    app.get(
      '/api/v1/hub/users',
      {
        preHandler: c.guards.requireAuth,
        schema: {
          tags: ['hub'],
          summary: 'Control Hub: accounts and roles',
          operationId: 'hubListUsers',
          querystring: HubUsersQuery,
          response: { 200: HubUsersPage },
        },
      },
      async (request) => listHubUsers(c.db, c.guards.viewerOf(request), request.query),
    );

    app.patch(
      '/api/v1/hub/users/:id',
      {
        preHandler: c.guards.requireAuth,
        schema: {
          tags: ['hub'],
          summary: 'Control Hub: change an account’s role or state',
          operationId: 'hubUpdateUser',
          params: UserParams,
          body: HubUserUpdateRequest,
          response: { 200: HubUserUpdateResponse, 403: HubRefusal, 409: HubRefusal },
        },
      },
      async (request) =>
        updateHubUser(
          c.db,
          c.guards.viewerOf(request),
          request.params.id,
          request.body,
          requestMeta(request, c.clock),
        ),
    );
  };
