import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HubPayoutsPage,
  HubPayoutsQuery,
  OwnPayoutSettingsUpdateRequest,
  PayoutRunList,
  PayoutRunSummary,
  PayoutSetting,
  PayoutSettingsUpdateRequest,
} from '../../../common/schemas/payouts';
import type { Container } from '../../container';
import { IdempotencyKeyHeaders, requiredIdempotencyKey } from '../../http/idempotency-key';
import { perCaller } from '../../http/rate-limits';
import { requestMeta } from '../../http/request-meta';
import { payoutCipherOf } from './cipher';
import { payoutRunCsv } from './csv.read-model';
import { listPayoutRuns, parseRunId, runPayouts } from './runs';
import {
  listHubPayouts,
  ownPayoutSetting,
  updateHubPayout,
  updateOwnPayout,
  type PayoutDeps,
} from './settings';

// Any text reaches the services, which answer 404 for what cannot be an id.
const IdParams = z.object({ id: z.string() });
/** Payout runs started per minute and caller: a run is rare, a burst is a mistake. */
const RUNS_PER_MINUTE = 30;

/** Payout routing (issue 15): the hub's payout panel, payout runs and a creator's own settings. */
export const payoutsRoutes =
  (c: Container): FastifyPluginAsyncZod =>
  async (app) => {
    const deps: PayoutDeps = { db: c.db, cipher: payoutCipherOf(c.config, c.keys) };

    app.get(
      '/api/v1/hub/payouts',
      {
        preHandler: c.guards.requireAuth,
        schema: {
          tags: ['hub'],
          summary: 'Control Hub: creators’ payout settings',
          operationId: 'hubListPayouts',
          querystring: HubPayoutsQuery,
          response: { 200: HubPayoutsPage },
        },
      },
      async (request) => listHubPayouts(deps, c.guards.viewerOf(request), request.query),
    );

    app.put(
      '/api/v1/hub/payouts/:id',
      {
        preHandler: c.guards.requireAuth,
        schema: {
          tags: ['hub'],
          summary: 'Control Hub: set a creator’s payout settings',
          operationId: 'hubUpdatePayout',
          params: IdParams,
          body: PayoutSettingsUpdateRequest,
          response: { 200: PayoutSetting },
        },
      },
      async (request) =>
        updateHubPayout(
          deps,
          c.guards.viewerOf(request),
          request.params.id,
          request.body,
          requestMeta(request, c.clock),
        ),
    );

    app.post(
      '/api/v1/hub/payouts/run',
      {
        preHandler: c.guards.requireAuth,
        config: perCaller(c.tokens, RUNS_PER_MINUTE),
        schema: {
          tags: ['hub'],
          summary: 'Control Hub: start a payout run',
          operationId: 'runPayouts',
          headers: IdempotencyKeyHeaders,
          response: { 200: PayoutRunSummary },
        },
      },
      async (request) => {
        const viewer = c.guards.viewerOf(request);
        const key = requiredIdempotencyKey(request.headers['idempotency-key']);
        return runPayouts(
          { db: c.db, provider: c.payouts, jobs: c.jobs },
          viewer,
          key,
          requestMeta(request, c.clock),
        );
      },
    );

    app.get(
      '/api/v1/hub/payouts/runs',
      {
        preHandler: c.guards.requireAuth,
        schema: {
          tags: ['hub'],
          summary: 'Control Hub: payout runs',
          operationId: 'listPayoutRuns',
          response: { 200: PayoutRunList },
        },
      },
      async (request) => listPayoutRuns(c.db, c.guards.viewerOf(request)),
    );

    app.get(
      '/api/v1/hub/payouts/runs/:id/export',
      {
        preHandler: c.guards.requireAuth,
        config: {
          openapi: {
            responses: {
              200: {
                description: 'The run’s transfers as CSV',
                content: { 'text/csv': { schema: { type: 'string' } } },
              },
            },
          },
        },
        schema: {
          tags: ['hub'],
          summary: 'Control Hub: a payout run as CSV',
          operationId: 'exportPayoutRun',
          params: IdParams,
        },
      },
      async (request, reply) => {
        const viewer = c.guards.viewerOf(request);
        const runId = parseRunId(request.params.id);
        const csv = await payoutRunCsv(c.db, deps.cipher, viewer, runId);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="payout-run-${runId}.csv"`)
          .send(csv);
      },
    );

    app.get(
      '/api/v1/payouts/me',
      {
        preHandler: c.guards.requireAuth,
        schema: {
          tags: ['payouts'],
          summary: 'The signed-in creator’s payout settings',
          operationId: 'getOwnPayout',
          response: { 200: PayoutSetting },
        },
      },
      async (request) => ownPayoutSetting(deps, c.guards.viewerOf(request)),
    );

    app.put(
      '/api/v1/payouts/me',
      {
        preHandler: c.guards.requireAuth,
        schema: {
          tags: ['payouts'],
          summary: 'Change the signed-in creator’s payout settings',
          operationId: 'updateOwnPayout',
          body: OwnPayoutSettingsUpdateRequest,
          response: { 200: PayoutSetting },
        },
      },
      async (request) =>
        updateOwnPayout(
          deps,
          c.guards.viewerOf(request),
          request.body,
          requestMeta(request, c.clock),
        ),
    );
  };
