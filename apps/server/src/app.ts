import { BODY_LIMITS } from '@abp/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext, Services } from './container.js';
import { registerErrorHandler } from './errors.js';
import { loggerOptions } from './logging.js';
import { articlesRoutes } from './modules/articles/articles.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { backlinksRoutes } from './modules/backlinks/backlinks.routes.js';
import { blogConfigsRoutes } from './modules/blog-configs/blog-configs.routes.js';
import { bulkJobsRoutes } from './modules/bulk-jobs/bulk-jobs.routes.js';
import { calendarRoutes } from './modules/calendar/calendar.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { gettingStartedRoutes } from './modules/dashboard/getting-started.routes.js';
import { queueProbeRoutes } from './modules/diagnostics/queue-probe.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { IdempotencyRepository } from './modules/idempotency/idempotency.repository.js';
import { manualGenerationRoutes } from './modules/manual-generation/manual-generation.routes.js';
import { mcpTokensRoutes } from './modules/mcp/mcp-tokens.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { publishingRoutes } from './modules/publishing/publishing.routes.js';
import { refreshRoutes } from './modules/refresh/refresh.routes.js';
import { reviewRoutes } from './modules/review/review.routes.js';
import { samenessRoutes } from './modules/sameness/sameness.routes.js';
import { seoRoutes } from './modules/seo/seo.module.js';
import { llmChainRoutes, llmSettingsRoutes } from './modules/settings/llm-settings.routes.js';
import { siteInventoryRoutes } from './modules/site-inventory/site-inventory.routes.js';
import { siteKnowledgeRoutes } from './modules/site-knowledge/site-knowledge.routes.js';
import { sitesRoutes } from './modules/sites/sites.routes.js';
import { trendSettingsRoutes } from './modules/trends/trend-settings.routes.js';
import { trendsRoutes } from './modules/trends/trends.routes.js';
import { budgetsRoutes, costEstimateRoutes, modelPricesRoutes, usageRoutes } from './modules/usage/usage.routes.js';
import { registerAccessControl } from './plugins/access-control.js';
import { registerBodyLimits } from './plugins/body-limits.js';
import { registerCompression } from './plugins/compression.js';
import { registerHostCheck } from './plugins/host-check.js';
import { registerIdempotency } from './plugins/idempotency.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerSecurity } from './plugins/security.js';
import { registerSession } from './plugins/session.js';
import { registerTextInputGuard } from './plugins/text-input-guard.js';
import { registerWebApp } from './plugins/web-app.js';

/** Builds the HTTP app: plugins first, then modules. No listen here, so tests use app.inject. */
export async function buildApp(
  ctx: AppContext,
  services: Services,
  logger = loggerOptions(ctx),
): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    trustProxy: ctx.config.trustProxy,
    // What matches no route; every route has its own limit (plugins/body-limits.ts).
    bodyLimit: BODY_LIMITS.auth,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // Generated ids keep log lines of one request together without trusting a client header.
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerHostCheck(app, {
    boundHost: ctx.config.host,
    allowedHosts: ctx.config.allowedHosts,
    trustProxy: ctx.config.trustProxy,
  });
  registerTextInputGuard(app);

  await registerSecurity(app);
  await registerSession(app, ctx.appSecret);
  registerAccessControl(app, services.auth);
  registerBodyLimits(app, services.auth);
  // Before compression: it stores the answer as sent, not its compressed bytes.
  registerIdempotency(app, new IdempotencyRepository(ctx.handle.db));
  await registerCompression(app);
  await registerOpenApi(app);

  await app.register(healthRoutes(ctx.handle, ctx.queue, ctx.role), { prefix: '/api' });
  await app.register(authRoutes(services.auth), { prefix: '/api/auth' });
  await app.register(queueProbeRoutes(services.queueProbes), { prefix: '/api/diagnostics' });
  await app.register(sitesRoutes(services.sites, services.siteHealth), { prefix: '/api/sites' });
  await app.register(siteInventoryRoutes(services.siteInventory), { prefix: '/api/sites' });
  await app.register(siteKnowledgeRoutes(services.siteKnowledge), { prefix: '/api/sites' });
  await app.register(samenessRoutes(services.sameness), { prefix: '/api/sites' });
  await app.register(articlesRoutes(services.articles), { prefix: '/api' });
  await app.register(publishingRoutes(services.publishing, services.liveVerification), { prefix: '/api' });
  await app.register(backlinksRoutes(services.backlinks), { prefix: '/api' });
  await app.register(refreshRoutes(services.refresh, services.refreshProposals), { prefix: '/api/refresh' });
  await app.register(dashboardRoutes(services.dashboard), { prefix: '/api/dashboard' });
  await app.register(gettingStartedRoutes(services.gettingStarted), { prefix: '/api/dashboard/getting-started' });
  await app.register(bulkJobsRoutes(services.bulkJobs.service), { prefix: '/api/bulk-jobs' });
  await app.register(llmSettingsRoutes(services.llmSettings), { prefix: '/api/settings/llm' });
  await app.register(llmChainRoutes(services.llmFallbacks, services.llmProviders), { prefix: '/api/settings/llm' });
  await app.register(modelPricesRoutes(services.usage), { prefix: '/api/settings/prices' });
  await app.register(usageRoutes(services.usage), { prefix: '/api/usage' });
  await app.register(costEstimateRoutes(services.usage), { prefix: '/api/usage' });
  await app.register(budgetsRoutes(services.budgets), { prefix: '/api/settings/budgets' });
  await app.register(manualGenerationRoutes(services.manualGeneration), { prefix: '/api/manual' });
  await app.register(blogConfigsRoutes(services.blogConfigs), { prefix: '/api/config' });
  await app.register(calendarRoutes(services.calendar), { prefix: '/api/calendar' });

  await app.register(trendsRoutes(services.trends), { prefix: '/api/trends' });
  await app.register(trendSettingsRoutes(services.trendSettings), { prefix: '/api/settings/trends' });
  await app.register(notificationsRoutes(services.notifications), { prefix: '/api/settings/notifications' });

  await app.register(seoRoutes(services.seo), { prefix: '/api' });
  await app.register(mcpTokensRoutes(services.mcpTokens), { prefix: '/api/settings/mcp-tokens' });
  await app.register(reviewRoutes(services.review), { prefix: '/api/review' });

  await registerWebApp(app, ctx.config.webDistDir);
  return app;
}
