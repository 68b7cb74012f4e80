import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext, Services } from './container.js';
import { registerErrorHandler } from './errors.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { queueProbeRoutes } from './modules/diagnostics/queue-probe.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { registerAuthGuard } from './plugins/auth-guard.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerSecurity } from './plugins/security.js';
import { registerSession } from './plugins/session.js';
import { registerWebApp } from './plugins/web-app.js';

const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.newPassword', '*.currentPassword'];

export function loggerOptions(ctx: Pick<AppContext, 'config'>): FastifyServerOptions['logger'] {
  const { logLevel, prettyLogs } = ctx.config;
  return {
    level: logLevel,
    redact: { paths: REDACT, censor: '[redacted]' },
    ...(prettyLogs ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } } : {}),
  };
}

/** Builds the HTTP app: plugins first, then modules. No listen here, so tests use app.inject. */
export async function buildApp(ctx: AppContext, services: Services, logger = loggerOptions(ctx)): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 25 * 1024 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // Generated ids keep log lines of one request together without trusting a client header.
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await registerSecurity(app);
  await registerSession(app, ctx.appSecret);
  registerAuthGuard(app, services.auth);
  await registerOpenApi(app);

  await app.register(healthRoutes(ctx.handle, ctx.queue, ctx.role), { prefix: '/api' });
  await app.register(authRoutes(services.auth), { prefix: '/api/auth' });
  await app.register(queueProbeRoutes(services.queueProbes), { prefix: '/api/diagnostics' });

  await registerWebApp(app, ctx.config.webDistDir);
  return app;
}
