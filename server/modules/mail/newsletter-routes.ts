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
import { perMinute } from '../../http/rate-limits';
import { routesFor } from '../../http/route';
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
  const route = routesFor(app, ctx, { tags: ['newsletter'] });

  route.authed({
    method: 'GET',
    url: '/api/v1/users/notification-preferences',
    schema: {
      summary: 'New-post e-mail choices, per creator followed or belonged to',
      operationId: 'getNotificationPreferences',
      response: { 200: NotificationPreferences },
    },
    handler: ({ viewer }) => notificationPreferences(ctx.db, viewer, ctx.clock.now()),
  });

  route.authed({
    method: 'PUT',
    url: '/api/v1/users/notification-preferences',
    perCaller: 60,
    schema: {
      summary: 'Choose new-post e-mails per creator: off, instant or weekly',
      operationId: 'updateNotificationPreferences',
      body: NotificationPreferencesUpdate,
      response: { 200: NotificationPreferences },
    },
    handler: ({ viewer, request, meta }) =>
      updateNotificationPreferences(ctx.db, viewer, request.body, meta()),
  });

  route.authed({
    method: 'POST',
    url: '/api/v1/creator/updates',
    perCaller: 10,
    // creator_update_limited comes from the per-creator count, beside this per-minute limit.
    errors: [429],
    schema: {
      summary: 'Mail a short update to one’s members',
      operationId: 'postCreatorUpdate',
      body: CreatorUpdateRequest,
      response: { 201: CreatorUpdateResponse },
    },
    handler: async ({ viewer, request, reply, meta }) =>
      reply.code(201).send(await postCreatorUpdate(ctx.db, viewer, request.body, meta())),
  });

  route.authed({
    method: 'GET',
    url: '/api/v1/creator/items/:id/mail-stats',
    schema: {
      summary: 'How many new-post e-mails an item sent, and how many were clicked',
      operationId: 'getItemMailStats',
      params: ItemParams,
      response: { 200: ItemMailStats },
    },
    handler: async ({ viewer, request }) => {
      const item = await itemOwner(ctx.db, Number(request.params.id));
      if (!item) throw fail('item_not_found');
      return itemMailStats(ctx.db, viewer, item);
    },
  });

  route.open({
    method: 'GET',
    url: '/api/v1/mail/click',
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
      summary: 'A new-post e-mail’s link: counts the click, then leads to its page',
      operationId: 'followMailLink',
      querystring: ClickQuery,
    },
    handler: async ({ request, reply }) =>
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
  });
}
