import {
  errorBodySchema,
  NOTIFICATION_CHANNELS,
  notificationSettingsSchema,
  notificationSettingsUpdateSchema,
  notificationTestResultSchema,
} from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { NotificationsService } from './notifications.service.js';

const tags = ['settings'];

/** Settings → Notifications, under /api/settings/notifications. */
export const notificationsRoutes = (service: NotificationsService): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.get('/', { schema: { tags, response: { 200: notificationSettingsSchema } } }, async () => service.get());
    app.put(
      '/',
      {
        schema: {
          tags,
          body: notificationSettingsUpdateSchema,
          response: { 200: notificationSettingsSchema, 400: errorBodySchema },
        },
      },
      async (request) => service.update(request.body),
    );
    app.post(
      '/:channel/test',
      {
        schema: {
          tags,
          summary: 'Sends a test message on one channel (the saved settings) and answers what happened',
          params: z.object({ channel: z.enum(NOTIFICATION_CHANNELS) }),
          response: { 200: notificationTestResultSchema, 400: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request) => service.test(request.params.channel),
    );
  };
