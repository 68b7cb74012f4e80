import { errorBodySchema, idParamSchema, queueProbeRequestSchema, queueProbeSchema } from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { QueueProbeService } from './queue-probe.service.js';

export const queueProbeRoutes = (service: QueueProbeService): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.post(
      '/queue-probes',
      { schema: { tags: ['system'], body: queueProbeRequestSchema, response: { 202: queueProbeSchema } } },
      async (request, reply) => reply.status(202).send(await service.create(request.body.message)),
    );
    app.get(
      '/queue-probes/:id',
      {
        schema: { tags: ['system'], params: idParamSchema, response: { 200: queueProbeSchema, 404: errorBodySchema } },
      },
      async (request) => service.get(request.params.id),
    );
  };
