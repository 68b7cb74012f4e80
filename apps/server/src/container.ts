import pino from 'pino';
import type { AppContext } from './app-context.js';
import type { EmbeddedDatabase } from './db/pglite-thread.js';
import { createEmbeddingsClient, type EmbeddingsClient } from './integrations/embeddings/index.js';
import { createImageProvider } from './integrations/images/index.js';
import { outbound } from './lib/outbound/index.js';
import { type ArticlePipeline, createArticlePipeline } from './modules/article-pipeline/article-pipeline.module.js';
import { ArticleProducer } from './modules/article-pipeline/article-producer.js';
import { DelayedRelease } from './modules/article-pipeline/delayed-release.js';
import { EditorialPolicyReader } from './modules/article-pipeline/editorial-policy.js';
import { ArticleStore } from './modules/articles/article-store.repository.js';
import { ArticlesRepository } from './modules/articles/articles.repository.js';
import { ArticlesService } from './modules/articles/articles.service.js';
import { ArticleTableMaintenance } from './modules/articles/table-maintenance.js';
import { AuthRepository } from './modules/auth/auth.repository.js';
import { AuthService } from './modules/auth/auth.service.js';
import { LoginThrottle } from './modules/auth/login-throttle.js';
import { BacklinksRepository } from './modules/backlinks/backlinks.repository.js';
import { BacklinksService } from './modules/backlinks/backlinks.service.js';
import { BlogConfigsRepository } from './modules/blog-configs/blog-configs.repository.js';
import { BlogConfigsService } from './modules/blog-configs/blog-configs.service.js';
import { ConfigScheduleStore } from './modules/blog-configs/config-schedule.js';
import { BULK_ORIGIN } from './modules/bulk-jobs/bulk-item-unit.js';
import { type BulkJobsModule, createBulkJobs } from './modules/bulk-jobs/bulk-jobs.module.js';
import { CalendarRepository } from './modules/calendar/calendar.repository.js';
import { CalendarService } from './modules/calendar/calendar.service.js';
import { DashboardRepository } from './modules/dashboard/dashboard.repository.js';
import { DashboardService } from './modules/dashboard/dashboard.service.js';
import { GettingStartedService } from './modules/dashboard/getting-started.js';
import { QueueProbeRepository } from './modules/diagnostics/queue-probe.repository.js';
import { QueueProbeService } from './modules/diagnostics/queue-probe.service.js';
import { GenerationRepository } from './modules/generation/generation.repository.js';
import { GenerationService } from './modules/generation/generation.service.js';
import { MANUAL_ORIGIN, manualConsumer } from './modules/manual-generation/manual-consumer.js';
import { ManualGenerationService } from './modules/manual-generation/manual-generation.service.js';
import { AGENT_ORIGIN, McpAssistant } from './modules/mcp/mcp-assistant.js';
import { McpTokensRepository } from './modules/mcp/mcp-tokens.repository.js';
import { McpTokensService } from './modules/mcp/mcp-tokens.service.js';
import { NotificationsRepository } from './modules/notifications/notifications.repository.js';
import { NotificationsService } from './modules/notifications/notifications.service.js';
import { ContentFingerprintsRepository } from './modules/publishing/content-fingerprints.repository.js';
import { DuplicateContentCheck } from './modules/publishing/duplicate-content.js';
import { LiveVerification } from './modules/publishing/live-verification.js';
import { LiveCheckRepository, PublishingRepository } from './modules/publishing/publishing.repository.js';
import { PublishingService } from './modules/publishing/publishing.service.js';
import { LinkChecker } from './modules/refresh/link-checker.js';
import { RefreshRepository } from './modules/refresh/refresh.repository.js';
import { RefreshService } from './modules/refresh/refresh.service.js';
import { RefreshProposalsRepository } from './modules/refresh/refresh-proposals.repository.js';
import { RefreshProposalService } from './modules/refresh/refresh-proposals.service.js';
import { ReviewRepository } from './modules/review/review.repository.js';
import { ReviewService } from './modules/review/review.service.js';
import { SamenessRepository } from './modules/sameness/sameness.repository.js';
import { SamenessService } from './modules/sameness/sameness.service.js';
import { schedulerTickJob } from './modules/scheduler/scheduler.jobs.js';
import { SchedulerRepository } from './modules/scheduler/scheduler.repository.js';
import { SchedulerService } from './modules/scheduler/scheduler.service.js';
import { SlotConsumer } from './modules/scheduler/slot-consumer.js';
import { createSeoServices, defineSeoJobs, type SeoServices } from './modules/seo/seo.module.js';
import { LlmFallbacksService } from './modules/settings/llm-fallbacks.service.js';
import { LlmProviderRegistry } from './modules/settings/llm-provider-registry.js';
import { LlmSettingsService } from './modules/settings/llm-settings.service.js';
import { ProviderHealthRepository } from './modules/settings/provider-health.repository.js';
import { SettingsRepository } from './modules/settings/settings.repository.js';
import { LiveSiteLinker } from './modules/site-inventory/live-site-linker.js';
import { placementCheck } from './modules/site-inventory/placement-check.js';
import { SiteInventoryRepository } from './modules/site-inventory/site-inventory.repository.js';
import { SiteInventoryService } from './modules/site-inventory/site-inventory.service.js';
import { SiteKnowledgeRepository } from './modules/site-knowledge/site-knowledge.repository.js';
import { SiteKnowledgeService } from './modules/site-knowledge/site-knowledge.service.js';
import { SiteHealthService } from './modules/sites/site-health.service.js';
import { SitesRepository } from './modules/sites/sites.repository.js';
import { SitesService } from './modules/sites/sites.service.js';
import { createTrendServices, type TrendServices } from './modules/trends/trend-services.js';
import { BudgetGate } from './modules/usage/budget-gate.js';
import { BudgetReservationsRepository } from './modules/usage/budget-reservations.repository.js';
import { BudgetsService } from './modules/usage/budgets.service.js';
import { MeteredProvider } from './modules/usage/metered-provider.js';
import { priceFor, priceTable } from './modules/usage/model-prices.js';
import { UsageRepository } from './modules/usage/usage.repository.js';
import { UsageService } from './modules/usage/usage.service.js';

export type { AppContext } from './app-context.js';

export interface Services {
  auth: AuthService;
  queueProbes: QueueProbeService;
  sites: SitesService;
  siteHealth: SiteHealthService;
  /** What each site already has on WordPress: a sync job per site, on demand and on a schedule. */
  siteInventory: SiteInventoryService;
  /** Site knowledge (issue #32): per-site indexes of what each site has, lexical and (with embeddings) semantic. */
  siteKnowledge: SiteKnowledgeService;
  /** How alike a site's recent posts are (issue #33 §4). */
  sameness: SamenessService;
  articles: ArticlesService;
  /** The one writer of articles (and their images, logs, trend sources) for every other module. */
  articleStore: ArticleStore;
  articleMaintenance: ArticleTableMaintenance;
  publishing: PublishingService;
  calendar: CalendarService;
  /** Proves published posts are live (after every publish, on demand, after a scheduled post's time). */
  liveVerification: LiveVerification;
  /** Links from a site's older posts to a new article: proposed after it goes live, applied and undone per link. */
  backlinks: BacklinksService;
  /** Refresh (issue #36): what has gone stale on each site and why, scored after each sync; links checked in the background. */
  refresh: RefreshService;
  /** Refresh proposals (issue #36 §2–§3): proposed per post, applied as a three-way merge, undone exactly. */
  refreshProposals: RefreshProposalService;
  /** Near-duplicate bodies across the operator's sites (fingerprints of what was published). */
  duplicateContent: DuplicateContentCheck;
  dashboard: DashboardService;
  /** The Dashboard's first-run checklist, ticked from real state. */
  gettingStarted: GettingStartedService;
  /** Key/value rows of the Settings screen, one per section ('llm', …). */
  settings: SettingsRepository;
  llmSettings: LlmSettingsService;
  /** Settings → Fallback providers: where a call goes when the main provider cannot answer. */
  llmFallbacks: LlmFallbacksService;
  /** Cost control: the usage ledger of model calls, the price table, the spend shown on the Dashboard. */
  usage: UsageService;
  /** Monthly budgets, overall and per site: a reached one pauses its sites' new work. */
  budgets: BudgetsService;
  /** Each unit's reservation of its estimate against the budgets while it writes (issue #31). */
  budgetGate: BudgetGate;
  /** The current language model provider, for everything that generates (metered into the usage ledger). */
  llmProviders: LlmProviderRegistry;
  /** generateAndStore(): the one way any feature makes and stores an article. */
  generation: GenerationService;
  manualGeneration: ManualGenerationService;
  blogConfigs: BlogConfigsService;
  /** The article pipeline: every unit of "produce an article" runs through its one runner (job article.produce). */
  pipeline: ArticlePipeline;
  /** The publishing policy's release of delayed articles (issue #33; job articles.release-delayed). */
  delayedRelease: DelayedRelease;
  /** The posting scheduler: a tick every minute claims due slots; each slot's article is a unit of the pipeline. */
  scheduler: SchedulerService;
  /** Background bulk generation: its API service (its items are units of the pipeline). */
  bulkJobs: BulkJobsModule;
  /** Settings → Trends (feeds, geo, interval), saved values over TREND_*. */
  trendSettings: TrendServices['trendSettings'];
  /** Runs one trend check (the job handler). */
  trendChecks: TrendServices['trendChecks'];
  /** The trend monitor: checks (one at a time), schedule, status, stats, logs, processed trends. */
  trends: TrendServices['trends'];
  /** The SEO suite: projects, keywords, outline, pages, articles, optimisation, deletion. */
  seo: SeoServices;
  /** Notifications (issue #33 §5): webhook and e-mail for review waits, failed publishes, budgets reached, sites down. */
  notifications: NotificationsService;
  /** Settings → Assistants (MCP): the tokens an AI assistant connects to the MCP server with (issue #33). */
  mcpTokens: McpTokensService;
  /** What an assistant may do through the MCP server: read, draft, queue for review (never publish). */
  mcpAssistant: McpAssistant;
  /** The Review inbox (issue #33): what waits for the operator across sites, and the decisions on it. */
  review: ReviewService;
}

export function createServices(ctx: AppContext): Services {
  const { db } = ctx.handle;
  // Every other module writes articles through the articles module's named operations.
  const articleStore = new ArticleStore(db);
  const sitesRepo = new SitesRepository(db, articleStore);
  // The one construction cycle: publishing and the site inventory need sites, and sites tells them
  // when a site is connected (or its SEO plugin found). The events are closures over the two, called
  // only once a request saves or tests a site, long after all three are built.
  const sites = new SitesService(sitesRepo, ctx.secretBox, ctx.queue, {
    // A site added (or moved, or given new credentials) is synced at once, not at the next tick, and
    // publishing forgets what it knew of its SEO plugin; an enhanced connection test tells it anew.
    onConnected: async (siteId) => {
      publishing.rememberSeoFields(siteId, null);
      await siteInventory.syncSavedSite(siteId);
    },
    onSeoFields: (siteId, fields) => publishing.rememberSeoFields(siteId, fields),
  });
  const duplicateContent = new DuplicateContentCheck(new ContentFingerprintsRepository(db));
  // Sameness across a site's recent posts (issue #33): in each quality report and per site.
  const sameness = new SamenessService(new SamenessRepository(db), sites);
  const inventoryRepo = new SiteInventoryRepository(db);
  // New articles link into what their site already has: candidates and anchors from the site's
  // knowledge index (built below, after the model settings it embeds with; asked only by requests).
  const liveSiteLinker = new LiveSiteLinker(inventoryRepo, undefined, {
    related: (siteId, article, k) => siteKnowledge.related(siteId, article, k),
    termWeight: (siteId) => siteKnowledge.termWeight(siteId),
  });
  // "Link orphan posts" reads the site's link report (built below; asked only by requests).
  const backlinks = new BacklinksService(new BacklinksRepository(db), sites, liveSiteLinker, {
    linkReport: (siteId) => siteInventory.linkReport(siteId),
  });
  // Once a post is proven live, its site's older posts are searched for places to link to it.
  const liveVerification = new LiveVerification(
    new LiveCheckRepository(db),
    articleStore,
    sites,
    ctx.queue,
    (articleId) => backlinks.propose(articleId).then(() => undefined),
  );
  const publishing = new PublishingService({
    repo: new PublishingRepository(db),
    store: articleStore,
    sites,
    duplicates: duplicateContent,
    // Duplicate subjects and categories are judged by site knowledge (issue #32; built below, asked only once a publish runs).
    judgements: {
      coveringPost: (siteId, article) => siteKnowledge.coveringPost(siteId, article),
      bestCategory: (siteId, article) => siteKnowledge.bestCategory(siteId, article),
    },
    sameness: (siteId, article) => sameness.findFor(siteId, article),
    // Every accepted post is checked live a moment later.
    onPublished: (articleId, post) => liveVerification.afterPublish(articleId, post),
  });
  const settings = new SettingsRepository(db);
  const llmSettings = new LlmSettingsService(settings, ctx.config.llm, ctx.secretBox);
  const usageRepo = new UsageRepository(db);
  const budgets = new BudgetsService(usageRepo, settings, ctx.config.timeZone);
  const usage = new UsageService(usageRepo, settings, {
    currentModel: async () => {
      const llm = await llmSettings.get();
      return { provider: llm.provider, model: llm.effective_model };
    },
    confirmAboveUsd: () => budgets.confirmAboveUsd(),
    budgetRooms: (siteId, costUsd) => budgets.roomsFor(siteId, costUsd),
    log: pino({ name: 'usage', level: ctx.config.logLevel }),
  });
  const llmFallbacks = new LlmFallbacksService(
    settings,
    ctx.secretBox,
    async () => (await llmSettings.resolve()).config.timeoutMs,
  );
  const llmProviders = new LlmProviderRegistry(
    llmSettings,
    (provider) => new MeteredProvider(provider, usage),
    llmFallbacks,
    new ProviderHealthRepository(db),
    ctx.config.llmOfflineDelayMs > 0 ? { offlineDelayMs: ctx.config.llmOfflineDelayMs } : {},
  );
  const generationRepo = new GenerationRepository(db);
  // Category and author ids are checked against the site's inventory when they are saved.
  const checkPlacement = placementCheck(inventoryRepo);
  const generation = new GenerationService(generationRepo, articleStore, sites, llmProviders, {
    imageProvider: createImageProvider(ctx.config.images),
    servesRequests: ctx.role !== 'worker',
    linkIntoSite: (siteId, article, given) => liveSiteLinker.link(siteId, article, given),
    siteLinkCandidates: (siteId, article) => liveSiteLinker.linkCandidates(siteId, article),
    coveringPost: (siteId, article) => siteKnowledge.coveringPost(siteId, article),
    sameness: (siteId, article) => sameness.findFor(siteId, article),
    usage,
  });
  // The one way an article is written, stored and published; every producer goes through it.
  // The publishing policy (issue #33) is applied here, once, for every producer.
  const editorialPolicies = new EditorialPolicyReader(db);
  const producer = new ArticleProducer({
    generation,
    publishing,
    editorial: { forSite: (siteId) => editorialPolicies.forSite(siteId), review: articleStore },
  });
  // An article reserves what the first provider of its chain is expected to charge for it.
  const budgetGate = new BudgetGate(
    new BudgetReservationsRepository(db),
    budgets,
    async (wordCount, providers) => {
      const provider = await llmProviders.current(providers);
      return provider.isOffline
        ? 0
        : usage.articleCostNanos({ provider: provider.providerId, model: provider.model }, wordCount);
    },
    { log: pino({ name: 'budgets', level: ctx.config.logLevel }) },
  );
  const pipeline = createArticlePipeline(ctx, {
    producer,
    articles: articleStore,
    writesOnThisThread: () => generation.writesOnThisThread(),
    budget: budgetGate,
    // A unit that failed for good at its publish stage is notified (built below; called only once units run).
    onPublishFailed: (unit, error, articleId) =>
      notifications.publishFailed({
        originKey: unit.originKey,
        articleId,
        siteId: unit.brief.siteId,
        topic: unit.brief.topic,
        error,
      }),
  });
  const schedulerRepo = new SchedulerRepository(db, new ConfigScheduleStore(db));
  pipeline.register('schedule', new SlotConsumer(schedulerRepo));
  pipeline.register(MANUAL_ORIGIN, manualConsumer);
  const articles = new ArticlesService(new ArticlesRepository(db), undefined, usage, publishing, checkPlacement);
  const trendServices = createTrendServices({
    db,
    queue: ctx.queue,
    config: ctx.config,
    settings,
    pipeline,
    providers: llmProviders,
    // A trend one of the operator's sites already covers is skipped (and the run log says which post).
    coveredOnSite: (siteId, topic) => coveredBy(siteKnowledge, siteId, topic),
    // Without a model, a trend's fit to the topics is judged by site knowledge's analyzer.
    topicFit: (topics, trend, siteId) => siteKnowledge.fitsTopics(topics, trend, siteId),
    budgetBlock: (siteId) => budgets.blockFor(siteId),
    articleStore,
  });
  // The dashboard's Trend Monitor Status and Last Trend Check cards read the real monitor.
  const dashboard = new DashboardService(new DashboardRepository(db), trendServices.trends);
  // "Choose a model or keep the demo writer" is done once the section was saved or the environment chose a model.
  const gettingStarted = new GettingStartedService(db, async () => {
    const llm = await llmSettings.get();
    return llm.saved_at !== null || !llm.offline;
  });
  const siteKnowledge = new SiteKnowledgeService(new SiteKnowledgeRepository(db), {
    embeddings: () => embeddingsOf(llmSettings, llmFallbacks, ctx.config.embeddingsModel),
    meter: usage,
    queue: ctx.queue,
    sites,
    log: pino({ name: 'site-knowledge', level: ctx.config.logLevel }),
  });
  // After each sync, articles whose post the site no longer has (public) are flagged as not live,
  // and the posts read get their embeddings (where the provider has them).
  const siteInventory = new SiteInventoryService(inventoryRepo, sites, ctx.queue, ctx.config.inventorySyncHours, {
    afterSync: async (siteId, startedAt) => {
      await liveVerification.afterInventorySync(siteId, startedAt);
      await siteKnowledge.requestEmbedding(siteId).catch(() => false);
      // The refresh scores follow the inventory (a failure to score never fails the sync).
      await refresh.afterInventorySync(siteId).catch(() => undefined);
    },
    limits: ctx.config.inventoryLimits,
    // PGlite has no autovacuum and checkpoints on a timer; PostgreSQL keeps its own tables and log.
    ...(ctx.handle.driver === 'pglite' ? { upkeep: inventoryUpkeep(ctx.handle.pglite) } : {}),
  });
  const siteHealth = new SiteHealthService(sitesRepo, sites);
  const notifications = new NotificationsService(
    new NotificationsRepository(db),
    settings,
    ctx.secretBox,
    {
      // A site whose REST API is not found does not answer (the health check's first step; its result is cached a while).
      siteProblem: async (siteId) => {
        const { health } = await siteHealth.check(siteId);
        const discovery = health.checks.rest_api_discovery;
        return discovery && !discovery.success
          ? `it does not answer (${discovery.error ?? 'the REST API was not found'})`
          : null;
      },
      reachedBudgets: async () => {
        const budgets_ = await budgets.get();
        return budgets_.states
          .filter((state) => state.state === 'reached')
          .map((state) => ({
            siteId: state.site_id,
            name: state.name,
            message: state.message ?? `${state.name} is reached`,
            monthStart: budgets_.month_start,
          }));
      },
    },
    { log: pino({ name: 'notifications', level: ctx.config.logLevel }) },
  );
  // An assistant's articles go through the one pipeline with publishing off and wait in the Review inbox.
  const mcpAssistant = new McpAssistant({
    sites,
    knowledge: siteKnowledge,
    usage,
    budgets,
    pipeline,
    store: articleStore,
    timeZone: ctx.config.timeZone,
  });
  pipeline.register(AGENT_ORIGIN, mcpAssistant.consumer());
  const refresh = new RefreshService(
    new RefreshRepository(db),
    new LinkChecker(outbound),
    {
      inventory: { postsForRefresh: (siteId) => siteInventory.postsForRefresh(siteId) },
      sites,
      subjects: {
        similar: async (siteId, post) =>
          (await siteKnowledge.similar([siteId], post, 5)).map((doc) => ({
            key: doc.doc.key,
            title: doc.doc.title,
            link: doc.doc.link,
            duplicate: doc.duplicate && doc.doc.siteId === siteId,
          })),
      },
      queue: ctx.queue,
      linkCheckScope: ctx.config.refreshLinkCheckScope,
      log: pino({ name: 'refresh', level: ctx.config.logLevel }),
    },
    ctx.config.refreshLinkCheckDays,
  );
  const refreshProposals = new RefreshProposalService(new RefreshProposalsRepository(db), {
    sites,
    inventory: { postsForRefresh: (siteId) => siteInventory.postsForRefresh(siteId) },
    related: async (siteId, post) =>
      (
        await siteKnowledge.related(
          siteId,
          { title: post.title, text: post.text, excludeKeys: [`post:${post.wpId}`], postsOnly: true },
          5,
        )
      )
        .filter((doc) => doc.doc.key.startsWith('post:'))
        .map((doc) => ({ wpId: Number(doc.doc.key.slice(5)), title: doc.doc.title, link: doc.doc.link })),
    model: {
      provider: () => llmProviders.current(),
      priceOf: async (provider, model) => priceFor(priceTable(await usage.customPrices()), provider, model),
    },
    log: pino({ name: 'refresh-proposals', level: ctx.config.logLevel }),
  });
  return {
    auth: new AuthService(new AuthRepository(db), new LoginThrottle()),
    queueProbes: new QueueProbeService(new QueueProbeRepository(db), ctx.queue),
    sites,
    siteHealth,
    siteInventory,
    siteKnowledge,
    sameness,
    articles,
    articleStore,
    articleMaintenance: new ArticleTableMaintenance(ctx.handle),
    // The one place that publishes to WordPress; other modules call services.publishing.publishArticle().
    publishing,
    // Moves go through the article store; a scheduled post's new date through the one publish path.
    calendar: new CalendarService(new CalendarRepository(db), articleStore, publishing, {
      now: () => new Date(),
      timeZone: ctx.config.timeZone,
    }),
    liveVerification,
    duplicateContent,
    backlinks,
    refresh,
    refreshProposals,
    dashboard,
    gettingStarted,
    settings,
    llmSettings,
    llmFallbacks,
    usage,
    budgets,
    budgetGate,
    llmProviders,
    generation,
    delayedRelease: new DelayedRelease(
      db,
      publishing,
      articleStore,
      pino({ name: 'delayed-release', level: ctx.config.logLevel }),
    ),
    manualGeneration: new ManualGenerationService(
      pipeline,
      (siteId) => budgets.blockFor(siteId),
      checkPlacement,
      (request, confirmed) => usage.requireBudgetConfirmed(request, confirmed, 'This article'),
    ),
    blogConfigs: new BlogConfigsService(
      new BlogConfigsRepository(db),
      { now: () => new Date(), random: Math.random, timeZone: ctx.config.timeZone },
      () => llmFallbacks.providerIds(),
      (siteIds) => budgets.pausesFor(siteIds),
      checkPlacement,
      (request, confirmed) => usage.requireBudgetConfirmed(request, confirmed, 'This schedule', ' a month'),
    ),
    pipeline,
    scheduler: new SchedulerService({
      repo: schedulerRepo,
      pipeline,
      timeZone: ctx.config.timeZone,
      // A topic the site already has a post on is passed over (the slot's note says which post).
      coveredOnSite: (siteId, topic) => coveredBy(siteKnowledge, siteId, topic),
      budgetBlock: (siteId) => budgets.blockFor(siteId),
    }),
    bulkJobs: createBulkJobs(ctx, {
      pipeline,
      sites,
      usage: {
        spend: (jobId) => usage.jobUsage(BULK_ORIGIN, jobId),
        budgetBlock: (siteId) => budgets.blockFor(siteId),
        budgetConfirm: (request, confirmed) => usage.requireBudgetConfirmed(request, confirmed, 'This job'),
      },
      placementCheck: checkPlacement,
    }),
    ...trendServices,
    seo: createSeoServices({
      db,
      queue: ctx.queue,
      appSecret: ctx.appSecret,
      sites,
      publishing,
      pipeline,
      providers: llmProviders,
      articleStore,
      budgetConfirm: (request, confirmed) => usage.requireBudgetConfirmed(request, confirmed, 'This run'),
    }),
    notifications,
    mcpTokens: new McpTokensService(
      new McpTokensRepository(db),
      ctx.config.mcpPort ? `http://127.0.0.1:${ctx.config.mcpPort}/mcp` : null,
    ),
    mcpAssistant,
    // Decisions go through the owners: publishing publishes, the article store marks, backlinks applies.
    review: new ReviewService({
      repo: new ReviewRepository(db),
      marks: articleStore,
      publishing,
      articles,
      links: backlinks,
      refreshes: refreshProposals,
      usage,
    }),
  };
}

/** Job definitions go on the queue before it starts, in every role (web processes send, workers run). */
export function defineJobs(ctx: AppContext, services: Services): void {
  ctx.queue.define(services.queueProbes.jobDefinition());
  ctx.queue.define(services.sites.cascadeDeleteJob());
  ctx.queue.define(services.siteInventory.syncJob());
  ctx.queue.define(services.siteInventory.scheduleJob());
  ctx.queue.define(services.siteKnowledge.embedJob());
  ctx.queue.define(services.siteKnowledge.embedScheduleJob());
  ctx.queue.define(services.liveVerification.job());
  ctx.queue.define(services.duplicateContent.backfillJob());
  ctx.queue.define(schedulerTickJob(services.scheduler));
  ctx.queue.define(services.pipeline.job());
  ctx.queue.define(services.refresh.linkCheckJob());
  ctx.queue.define(services.refreshProposals.scheduleJob());
  ctx.queue.define(services.delayedRelease.job());
  // On the embedded database nothing else can be running at start: what the dead process held is free.
  ctx.queue.beforeWorkers(async (embedded) => {
    if (!embedded) return;
    await services.publishing.releaseLeasesOfDeadProcess();
    await services.budgetGate.releaseAll();
    await services.pipeline.resumeCutOff();
  });
  ctx.queue.whenStarted(() => services.pipeline.queueCarriedOver());
  ctx.queue.define(services.trends.checkJob());
  ctx.queue.define(services.trends.scheduleJob());
  defineSeoJobs(ctx.queue, services.seo);
  ctx.queue.define(services.notifications.checkJob());
  // Background upkeep of the embedded database (PGlite has no autovacuum); a no-op on PostgreSQL.
  if (ctx.queue.runsWorkers) services.articleMaintenance.start();
}

/** The post that covers a planned topic on one of the operator's sites (its site's name when it is another). */
async function coveredBy(
  knowledge: SiteKnowledgeService,
  siteId: number,
  topic: string,
): Promise<{ title: string; link: string; siteName: string | null } | null> {
  const post = await knowledge.coveringPost(siteId, { title: topic });
  return post && { title: post.title, link: post.link, siteName: post.siteId === siteId ? null : post.siteName };
}

/** The room of rows read again is reused (VACUUM), and the write-ahead log recycled (CHECKPOINT). */
function inventoryUpkeep(pglite: EmbeddedDatabase): () => Promise<void> {
  return async () => {
    await pglite.exec('VACUUM site_inventory_items');
    await pglite.exec('CHECKPOINT');
  };
}

/**
 * The embeddings model of the provider chain: the main provider's, else the first fallback that has
 * one (EMBEDDINGS_MODEL names it, or each provider's default); null keeps site knowledge lexical.
 */
async function embeddingsOf(
  main: LlmSettingsService,
  fallbacks: LlmFallbacksService,
  model: string,
): Promise<EmbeddingsClient | null> {
  if (model === 'off') return null;
  const { config } = await main.resolve();
  const chain =
    config.provider === 'offline' ? [] : [config, ...(await fallbacks.configs()).map((entry) => entry.config)];
  for (const member of chain) {
    const client = createEmbeddingsClient(member, model);
    if (client) return client;
  }
  return null;
}
