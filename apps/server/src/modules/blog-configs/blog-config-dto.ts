import { type BlogConfig, type BlogConfigBudgetPause, publishPolicyValue } from '@abp/contracts';
import type { ListedConfigRow } from './blog-configs.repository.js';

/** The configuration as the API returns it, with its site, today's posting, and a budget that pauses it. */
export function toBlogConfigDto(row: ListedConfigRow, budgetPause: BlogConfigBudgetPause | null = null): BlogConfig {
  const c = row.config;
  return {
    id: c.id,
    site_id: c.siteId,
    site_name: row.siteName,
    site_url: row.siteUrl,
    site_is_active: row.siteActive,
    topics: c.topics,
    posting_interval_min: c.postingIntervalMin,
    posting_interval_max: c.postingIntervalMax,
    max_posts_per_day: c.maxPostsPerDay,
    post_status: c.postStatus,
    task_type: c.taskType,
    is_active: c.isActive,
    word_count: c.wordCount,
    content_persona: c.contentPersona,
    category_ids: c.wpCategoryIds,
    author_id: c.wpAuthorId,
    internal_links: c.internalLinks,
    add_tags: c.addTags,
    providers: c.providers ?? null,
    publish_policy: c.publishPolicy ? publishPolicyValue(c.publishPolicy, c.publishDelayHours) : null,
    next_post_at: c.nextPostAt?.toISOString() ?? null,
    posts_today: row.postsToday,
    last_post_at: c.lastPostAt?.toISOString() ?? null,
    last_error: row.lastError,
    last_note: row.lastNote,
    budget_pause: budgetPause,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}
