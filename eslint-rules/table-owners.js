/**
 * Who writes each table (issue #34): the one module whose files may insert into, update or delete
 * from it; every other module calls that module's named operations, received through its
 * constructor (container.ts). Enforced by table-writes-by-owner.js; docs/architecture.md lists the
 * same map. Every table of apps/server/src/db/schema has an owner (the rule's test checks it).
 */
const MODULES = 'apps/server/src/modules';

const OWNED = {
  // The article store (articles/article-store.ts): the article and what is stored with it.
  articles: ['articles', 'article_images', 'generation_logs', 'article_trend_sources', 'article_counts'],
  publishing: ['article_fingerprints'],
  'article-pipeline': ['article_productions'],
  auth: ['operator', 'operator_sessions'],
  backlinks: ['backlink_proposals'],
  refresh: [
    'refresh_scores',
    'refresh_link_checks',
    'refresh_post_links',
    'refresh_proposals',
    'refresh_site_settings',
  ],
  'blog-configs': ['blog_configs'],
  'bulk-jobs': ['bulk_jobs', 'bulk_job_items'],
  diagnostics: ['queue_probes'],
  idempotency: ['idempotency_keys'],
  notifications: ['notification_deliveries'],
  mcp: ['mcp_tokens'],
  scheduler: ['scheduler_log'],
  seo: [
    'seo_projects',
    'seo_project_logs',
    'seo_keywords',
    'seo_outlines',
    'seo_pages',
    'seo_project_articles',
    'seo_publish_runs',
  ],
  settings: ['settings', 'provider_health'],
  'site-inventory': ['site_inventory_items', 'site_inventory_terms', 'site_inventory_authors', 'site_inventory_syncs'],
  'site-knowledge': ['knowledge_vectors'],
  sites: ['sites'],
  trends: ['trend_execution_logs', 'processed_trends'],
  usage: ['model_calls', 'budget_reservations'],
};

/** Table name → the owner's folder, relative to the repository's root. */
export const TABLE_OWNERS = Object.fromEntries(
  Object.entries(OWNED).flatMap(([module, tables]) => tables.map((table) => [table, `${MODULES}/${module}`])),
);
