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
import { routesFor } from '../../http/route';
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
    const route = routesFor(app, c, { tags: ['hub'] });

    route.authed({
      method: 'GET',
      url: '/api/v1/hub/payouts',
      schema: {
        summary: 'Control Hub: creators’ payout settings',
        operationId: 'hubListPayouts',
        querystring: HubPayoutsQuery,
        response: { 200: HubPayoutsPage },
      },
      handler: ({ viewer, request }) => listHubPayouts(deps, viewer, request.query),
    });

    route.authed({
      method: 'PUT',
      url: '/api/v1/hub/payouts/:id',
      schema: {
        summary: 'Control Hub: set a creator’s payout settings',
        operationId: 'hubUpdatePayout',
        params: IdParams,
        body: PayoutSettingsUpdateRequest,
        response: { 200: PayoutSetting },
      },
      handler: ({ viewer, request, meta }) =>
        updateHubPayout(deps, viewer, request.params.id, request.body, meta()),
    });

    route.authed({
      method: 'POST',
      url: '/api/v1/hub/payouts/run',
      perCaller: RUNS_PER_MINUTE,
      schema: {
        summary: 'Control Hub: start a payout run',
        operationId: 'runPayouts',
        headers: IdempotencyKeyHeaders,
        response: { 200: PayoutRunSummary },
      },
      handler: ({ viewer, request, meta }) => {
        const key = requiredIdempotencyKey(request.headers['idempotency-key']);
        return runPayouts({ db: c.db, provider: c.payouts, jobs: c.jobs }, viewer, key, meta());
      },
    });

    route.authed({
      method: 'GET',
      url: '/api/v1/hub/payouts/runs',
      schema: {
        summary: 'Control Hub: payout runs',
        operationId: 'listPayoutRuns',
        response: { 200: PayoutRunList },
      },
      handler: ({ viewer }) => listPayoutRuns(c.db, viewer),
    });

    route.authed({
      method: 'GET',
      url: '/api/v1/hub/payouts/runs/:id/export',
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
        summary: 'Control Hub: a payout run as CSV',
        operationId: 'exportPayoutRun',
        params: IdParams,
      },
      handler: async ({ viewer, request, reply }) => {
        const runId = parseRunId(request.params.id);
        const csv = await payoutRunCsv(c.db, deps.cipher, viewer, runId);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="payout-run-${runId}.csv"`)
          .send(csv);
      },
    });

    route.authed({
      method: 'GET',
      url: '/api/v1/payouts/me',
      tags: ['payouts'],
      schema: {
        summary: 'The signed-in creator’s payout settings',
        operationId: 'getOwnPayout',
        response: { 200: PayoutSetting },
      },
      handler: ({ viewer }) => ownPayoutSetting(deps, viewer),
    });

    route.authed({
      method: 'PUT',
      url: '/api/v1/payouts/me',
      tags: ['payouts'],
      schema: {
        summary: 'Change the signed-in creator’s payout settings',
        operationId: 'updateOwnPayout',
        body: OwnPayoutSettingsUpdateRequest,
        response: { 200: PayoutSetting },
      },
      handler: ({ viewer, request, meta }) => updateOwnPayout(deps, viewer, request.body, meta()),
    });
  };
