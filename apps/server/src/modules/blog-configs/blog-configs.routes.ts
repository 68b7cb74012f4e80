import {
  blogConfigDeletedSchema,
  blogConfigIdParamSchema,
  blogConfigInputSchema,
  blogConfigListSchema,
  blogConfigSchema,
  errorBodySchema,
} from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BlogConfigsService } from './blog-configs.service.js';

const tags = ['blog-configs'];
const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export const blogConfigsRoutes = (service: BlogConfigsService): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.get('/', { schema: { tags, response: { 200: blogConfigListSchema } } }, async () => service.list());

    app.get(
      '/:id',
      { schema: { tags, params: blogConfigIdParamSchema, response: { 200: blogConfigSchema, ...errors } } },
      async (request) => service.get(request.params.id),
    );

    app.post(
      '/',
      { schema: { tags, body: blogConfigInputSchema, response: { 201: blogConfigSchema, ...errors } } },
      async (request, reply) => reply.status(201).send(await service.create(request.body)),
    );

    app.put(
      '/:id',
      {
        schema: {
          tags,
          params: blogConfigIdParamSchema,
          body: blogConfigInputSchema,
          response: { 200: blogConfigSchema, ...errors },
        },
      },
      async (request) => service.update(request.params.id, request.body),
    );

    app.delete(
      '/:id',
      {
        schema: {
          tags,
          params: blogConfigIdParamSchema,
          response: { 200: blogConfigDeletedSchema, 404: errorBodySchema },
        },
      },
      async (request) => service.delete(request.params.id),
    );
  };
