import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreatorUpdateRequest,
  CreatorUpdateResponse,
  ItemMailStats,
  NotificationPreferences,
  NotificationPreferencesUpdate,
} from '../../../common/schemas/newsletter';
import type { Container } from '../../container';
import { fail } from '../../http/errors';
import { perCaller, perMinute } from '../../http/rate-limits';
import { requestMeta } from '../../http/request-meta';
import { itemMailStats, postCreatorUpdate } from './creator-updates';
import { itemOwner } from './newsletter-audience.read-model';
import { followMailLink } from './newsletter-clicks';
import { notificationPreferences, updateNotificationPreferences } from './newsletter-preferences';

const ItemParams = z.object({ id: z.string().regex(/^\d{1,15}$/, 'id: a number') });
const ClickQuery = z.object({
  s: z.string().max(20),
  to: z.string().max(300),
  sig: z.string().max(40),
});

/**
 * New-post e-mails (issue 42): the per-creator mail choices, a creator's update to members,
 * an item's mail counts, and the click redirect of the mails' links.
 */
export function registerNewsletterRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  ctx: Container,
): void {
  const auth = { preHandler: ctx.guards.requireAuth };
  const meta = (request: Parameters<typeof requestMeta>[0]) => requestMeta(request, ctx.clock);

  app.get(
    '/api/v1/users/notification-preferences',
    {
      ...auth,
      schema: {
        tags: ['newsletter'],
        summary: 'New-post e-mail choices, per creator followed or belonged to',
        operationId: 'getNotificationPreferences',
        response: { 200: NotificationPreferences },
      },
    },
    async (request) =>
      notificationPreferences(ctx.db, ctx.guards.viewerOf(request), ctx.clock.now()),
  );

  app.put(
    '/api/v1/users/notification-preferences',
    {
      ...auth,
      config: perCaller(ctx.tokens, 60),
      schema: {
        tags: ['newsletter'],
        summary: 'Choose new-post e-mails per creator: off, instant or weekly',
        operationId: 'updateNotificationPreferences',
        body: NotificationPreferencesUpdate,
        response: { 200: NotificationPreferences },
      },
    },
    async (request) =>
      updateNotificationPreferences(
        ctx.db,
        ctx.guards.viewerOf(request),
        request.body,
        meta(request),
      ),
  );

  app.post(
    '/api/v1/creator/updates',
    {
      ...auth,
      // creator_update_limited comes from the per-creator count, beside this per-minute limit.
      config: { ...perCaller(ctx.tokens, 10), openapi: { errors: [429] } },
      schema: {
        tags: ['newsletter'],
        summary: 'Mail a short update to one’s members',
        operationId: 'postCreatorUpdate',
        body: CreatorUpdateRequest,
        response: { 201: CreatorUpdateResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await postCreatorUpdate(
            ctx.db,
            ctx.guards.viewerOf(request),
            request.body,
            meta(request),
          ),
        ),
  );

  app.get(
    '/api/v1/creator/items/:id/mail-stats',
    {
      ...auth,
      schema: {
        tags: ['newsletter'],
        summary: 'How many new-post e-mails an item sent, and how many were clicked',
        operationId: 'getItemMailStats',
        params: ItemParams,
        response: { 200: ItemMailStats },
      },
    },
    async (request) => {
      const item = await itemOwner(ctx.db, Number(request.params.id));
      if (!item) throw fail('item_not_found');
      return itemMailStats(ctx.db, ctx.guards.viewerOf(request), item);
    },
  );

  app.get(
    '/api/v1/mail/click',
    {
      config: {
        ...perMinute(ctx.config.AUTH_RATE_LIMIT_PER_MINUTE * 10),
        openapi: {
          responses: {
            302: {
              description: 'To the page the link was made for, on this site',
              content: { 'text/plain': { schema: { type: 'string' } } },
            },
          },
        },
      },
      schema: {
        tags: ['newsletter'],
        summary: 'A new-post e-mail’s link: counts the click, then leads to its page',
        operationId: 'followMailLink',
        querystring: ClickQuery,
      },
    },
    async (request, reply) =>
      reply.redirect(
        await followMailLink(
          ctx.db,
          ctx.keys['mail-links'],
          ctx.config.publicUrl,
          request.query,
          ctx.clock.now(),
        ),
        302,
      ),
  );
}
