import { APP_VERSION, healthResponseSchema } from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Role } from '../../config.js';
import { type DatabaseHandle, rawQuery } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import { EventLoopMonitor } from './event-loop-monitor.js';

const startedAt = Date.now();

/** Liveness and readiness in one: 200 when database and queue answer, 503 otherwise. */
export const healthRoutes = (handle: DatabaseHandle, queue: JobQueue, role: Role): FastifyPluginAsyncZod =>
  async function routes(app) {
    const eventLoop = new EventLoopMonitor(app.log);
    app.addHook('onClose', async () => eventLoop.stop());
    app.get(
      '/health',
      {
        config: { public: true },
        schema: { tags: ['system'], response: { 200: healthResponseSchema, 503: healthResponseSchema } },
      },
      async (_request, reply) => {
        const t0 = performance.now();
        const dbOk = await rawQuery(handle, 'SELECT 1').then(
          () => true,
          () => false,
        );
        const latencyMs = Math.round((performance.now() - t0) * 100) / 100;
        const queueOk = await queue.isHealthy();
        const ok = dbOk && queueOk;
        return reply.status(ok ? 200 : 503).send({
          status: ok ? 'ok' : 'degraded',
          version: APP_VERSION,
          uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
          database: { ok: dbOk, driver: handle.driver, latencyMs },
          queue: { ok: queueOk, role },
          eventLoop: eventLoop.snapshot(),
        });
      },
    );
  };
