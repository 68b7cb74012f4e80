import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { ArticlePipeline } from '../article-pipeline/article-pipeline.module.js';
import type { ArticleRemovals, ContentRevisions } from '../articles/article-store.js';
import { SeoArticleConsumer } from './articles/article-consumer.js';
import { SeoArticlePublisher } from './articles/article-publisher.js';
import { SeoArticlesRepository } from './articles/seo-articles.repository.js';
import { seoArticlesRoutes } from './articles/seo-articles.routes.js';
import { SeoArticlesService } from './articles/seo-articles.service.js';
import { DeletionRepository } from './deletion/deletion.repository.js';
import { deletionRoutes } from './deletion/deletion.routes.js';
import { DeletionService } from './deletion/deletion.service.js';
import { KeywordsRepository } from './keywords/keywords.repository.js';
import { keywordsRoutes } from './keywords/keywords.routes.js';
import { KeywordsService } from './keywords/keywords.service.js';
import { optimisationRoutes } from './optimisation/optimisation.routes.js';
import { OptimisationService } from './optimisation/optimisation.service.js';
import { SchemaService } from './optimisation/schema.service.js';
import { OutlineRepository } from './outline/outline.repository.js';
import { outlineRoutes } from './outline/outline.routes.js';
import { OutlineService } from './outline/outline.service.js';
import { PagePublisher } from './pages/page-publisher.js';
import { PageWriter } from './pages/page-writer.js';
import { PagesRepository } from './pages/pages.repository.js';
import { pagesRoutes } from './pages/pages.routes.js';
import { PagesService } from './pages/pages.service.js';
import { SiteStructureService } from './pages/site-structure.service.js';
import { ProjectLogsRepository } from './projects/project-logs.repository.js';
import { ProjectsRepository } from './projects/projects.repository.js';
import { projectsRoutes } from './projects/projects.routes.js';
import { ProjectsService } from './projects/projects.service.js';
import { PublishRunRunner } from './publish-runs/publish-run.runner.js';
import { seoPublishJobDefinition } from './publish-runs/publish-run-job.js';
import { PublishRunsRepository } from './publish-runs/publish-runs.repository.js';
import { publishRunsRoutes } from './publish-runs/publish-runs.routes.js';
import { PublishRunsService } from './publish-runs/publish-runs.service.js';
import type { SeoProviders, SeoPublishing, SeoSites } from './shared/ports.js';
import { SeoModel } from './shared/seo-model.js';

export interface SeoDependencies {
  db: Database;
  queue: JobQueue;
  /** Signs the delete confirmation tokens. */
  appSecret: string;
  sites: SeoSites;
  publishing: SeoPublishing;
  /** The article pipeline: each planned article is one of its units (written and stored, published later by a publish run). */
  pipeline: Pick<ArticlePipeline, 'enqueue' | 'queue' | 'register'>;
  /** The current language model (Settings), for keywords, outline, page copy and meta descriptions. */
  providers: SeoProviders;
  /** The articles module: the plan's changes to its articles, and their deletion with the project. */
  articleStore: ContentRevisions & ArticleRemovals;
  /** A 409 naming the budget when "Generate All Articles" would cross one and is not confirmed (issue #37). */
  budgetConfirm?: (
    request: { articles: number; word_count: number; site_id: number },
    confirmed: boolean | undefined,
  ) => Promise<void>;
}

/** The SEO suite's services, built once per process. */
export function createSeoServices(deps: SeoDependencies) {
  const model = new SeoModel(deps.providers);

  const keywordsRepo = new KeywordsRepository(deps.db);
  const pagesRepo = new PagesRepository(deps.db);
  const articlesRepo = new SeoArticlesRepository(deps.db, deps.articleStore);
  const projects = new ProjectsService(new ProjectsRepository(deps.db), new ProjectLogsRepository(deps.db), deps.sites);
  const outline = new OutlineService(new OutlineRepository(deps.db), keywordsRepo, projects, model);
  const schema = new SchemaService(articlesRepo, pagesRepo, projects, deps.sites);
  const pages = new PagesService(
    pagesRepo,
    keywordsRepo,
    outline,
    projects,
    deps.sites,
    new PageWriter(model),
    new PagePublisher(pagesRepo),
  );
  const articlePublisher = new SeoArticlePublisher(articlesRepo, projects, deps.sites, deps.publishing, schema);
  const publishRunsRepo = new PublishRunsRepository(deps.db, deps.queue);
  deps.pipeline.register('seo', new SeoArticleConsumer(articlesRepo, projects));
  return {
    projects,
    keywords: new KeywordsService(keywordsRepo, projects, model),
    outline,
    pages,
    siteStructure: new SiteStructureService(pagesRepo, outline, articlesRepo, projects),
    articles: new SeoArticlesService(articlesRepo, outline, projects, deps.sites, deps.pipeline, deps.budgetConfirm),
    publishRuns: new PublishRunsService(publishRunsRepo, projects, { pages, articles: articlePublisher }),
    publishRunner: new PublishRunRunner(publishRunsRepo, projects, { pages, articles: articlePublisher }),
    optimisation: new OptimisationService(articlesRepo, projects, model, schema),
    deletion: new DeletionService(
      new DeletionRepository(deps.db, deps.articleStore),
      articlesRepo,
      projects,
      deps.sites,
      deps.publishing,
      deps.appSecret,
    ),
  };
}

export type SeoServices = ReturnType<typeof createSeoServices>;

/** Every SEO route, registered under /api. */
export const seoRoutes = (seo: SeoServices): FastifyPluginAsyncZod =>
  async function routes(app) {
    await app.register(projectsRoutes(seo.projects));
    await app.register(keywordsRoutes(seo.keywords));
    await app.register(outlineRoutes(seo.outline));
    await app.register(pagesRoutes(seo.pages, seo.siteStructure));
    await app.register(seoArticlesRoutes(seo.articles));
    await app.register(publishRunsRoutes(seo.publishRuns));
    await app.register(optimisationRoutes(seo.optimisation));
    await app.register(deletionRoutes(seo.deletion));
  };

/** The durable job: one publish run. */
export function defineSeoJobs(queue: JobQueue, seo: SeoServices): void {
  queue.define(seoPublishJobDefinition(seo.publishRunner));
  queue.beforeWorkers(async (embedded) => (embedded ? seo.pages.releaseLeasesOfDeadProcess() : 0));
}
