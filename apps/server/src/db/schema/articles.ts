import { REVIEW_REASONS } from '@abp/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sites } from './sites.js';

export const ARTICLE_STATUSES = ['draft', 'review', 'published', 'scheduled', 'failed'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
/** Where an article came from; 'trend' articles also carry source_urls. */
export const ARTICLE_ORIGINS = ['manual', 'bulk', 'schedule', 'trend', 'seo', 'agent'] as const;

/**
 * A generated article. site_name is a snapshot so that an article keeps showing its site's name
 * after the site itself is deleted (site_id then becomes null).
 */
/** articles.wordpress_status of a post WordPress no longer has at all (not a WordPress status). */
export const DELETED_POST_STATUS = 'deleted';

export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    siteName: text('site_name').notNull().default(''),
    title: text('title').notNull().default(''),
    content: text('content').notNull().default(''),
    status: text('status', { enum: ARTICLE_STATUSES }).notNull().default('draft'),
    failureReason: text('failure_reason'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
    /** The tags its WordPress post gets: whole phrases only (lib/text/tag-phrases.ts), decided when it was written. */
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** WordPress categories and author chosen for the post (ids on its site); empty/null: the site's blog configuration decides. */
    wpCategoryIds: jsonb('wp_category_ids').$type<number[]>().notNull().default([]),
    wpAuthorId: integer('wp_author_id'),
    sourceUrls: jsonb('source_urls').$type<string[]>().notNull().default([]),
    /** Derived from source_urls so the source-type filter can use an index. */
    hasSources: boolean('has_sources').generatedAlwaysAs(sql`jsonb_array_length(source_urls) > 0`).notNull(),
    taskType: text('task_type').notNull().default('Blog Post'),
    persona: text('persona').notNull().default(''),
    origin: text('origin', { enum: ARTICLE_ORIGINS }).notNull().default('manual'),
    metaDescription: text('meta_description'),
    /** The post's slug chosen in the editor (issue #37); null: WordPress makes one from the title. */
    slug: text('slug'),
    wordCount: integer('word_count').notNull().default(0),
    targetWordCount: integer('target_word_count'),
    attempts: integer('attempts').notNull().default(1),
    refusalRecovered: boolean('refusal_recovered').notNull().default(false),
    refusalMatches: jsonb('refusal_matches').$type<string[]>().notNull().default([]),
    /**
     * Written by the offline writer, without a model: demonstration text (a "demo" chip, a warning in
     * its quality report, a confirmation before it is published by hand). Unknown for articles
     * written before this was recorded: those read false.
     */
    writtenOffline: boolean('written_offline').notNull().default(false),
    qualityReport: jsonb('quality_report'),
    wordpressPostId: integer('wordpress_post_id'),
    wordpressPermalink: text('wordpress_permalink'),
    /**
     * The post's status on WordPress as the last successful push left it (publish, future, pending,
     * draft): what WordPress has, whatever the article's own status says since (issue #17). A live
     * check, or the check after a content sync, writes what it found: 'trash', or DELETED_POST_STATUS.
     */
    wordpressStatus: text('wordpress_status'),
    featuredImageUrl: text('featured_image_url'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /**
     * The ownership marker written into the WordPress post (see integrations/wordpress/marker.ts).
     * Chosen once, before the first create, and random per installation so that another install
     * of the app publishing its own article 1 to the same site is never mistaken for this one.
     */
    publishMarker: text('publish_marker'),
    /** Set before a post create is sent, cleared once its id is stored: "a create may have happened". */
    publishCreatePending: boolean('publish_create_pending').notNull().default(false),
    /** A lease taken by the one publish running for this article (expires if its process dies). */
    publishLockToken: text('publish_lock_token'),
    publishLockExpiresAt: timestamp('publish_lock_expires_at', { withTimezone: true }),
    /**
     * The unit of work that wrote this article ('bulk-item:12', 'schedule-slot:7', 'seo-article:3'),
     * on successful articles only. A run that dies between storing the article and recording it on
     * its item finds it here on the next run instead of writing a second one.
     */
    originKey: text('origin_key'),
    /** The last live check of the WordPress post (publishing/live-check.ts): state, reason, when. */
    liveState: text('live_state', { enum: ['live', 'not_live', 'scheduled', 'not_public'] }),
    liveReason: text('live_reason'),
    liveCheckedAt: timestamp('live_checked_at', { withTimezone: true }),
    /**
     * Why the article waits for the operator in the Review inbox (issue #33): held by the publishing
     * policy, waiting out a delay, refused by the quality gate, stopped by a budget, drafted by an
     * assistant. Null: nothing waits. Set and cleared with review_since.
     */
    reviewReason: text('review_reason', { enum: REVIEW_REASONS }),
    reviewSince: timestamp('review_since', { withTimezone: true }),
    /** A delayed article goes out at this time unless the operator holds it first. */
    releaseAt: timestamp('release_at', { withTimezone: true }),
    /** The operator's words on the last decision (a rejection's reason). */
    reviewNote: text('review_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The Review inbox and its count: only waiting articles are in this index.
    index('articles_review_idx').on(t.reviewSince, t.id).where(sql`${t.reviewReason} is not null`),
    // The release worker: delayed articles whose time has come.
    index('articles_release_idx').on(t.releaseAt).where(sql`${t.releaseAt} is not null`),
    uniqueIndex('articles_origin_key_idx').on(t.originKey),
    index('articles_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('articles_site_created_idx').on(t.siteId, t.createdAt.desc(), t.id.desc()),
    index('articles_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('articles_sources_created_idx').on(t.hasSources, t.createdAt.desc(), t.id.desc()),
    // The "Live" filter of the Articles list and the dashboard's count of posts that are not live.
    index('articles_live_created_idx')
      .on(t.liveState, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.liveState} is not null`),
  ],
);

/** The generated featured image, kept until it has been uploaded to WordPress (and after, for re-publishing). */
export const articleImages = pgTable('article_images', {
  articleId: integer('article_id')
    .primaryKey()
    .references(() => articles.id, { onDelete: 'cascade' }),
  png: text('png_base64').notNull(),
  altText: text('alt_text').notNull().default(''),
  filename: text('filename').notNull(),
  wordpressMediaId: integer('wordpress_media_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The spec's Generation log entity, one per article, stored whole. */
export const generationLogs = pgTable('generation_logs', {
  articleId: integer('article_id')
    .primaryKey()
    .references(() => articles.id, { onDelete: 'cascade' }),
  log: jsonb('log').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Trend source records behind GET /api/articles/{id}/trends. */
export const articleTrendSources = pgTable(
  'article_trend_sources',
  {
    id: serial('id').primaryKey(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    description: text('description').notNull().default(''),
    publishedDate: timestamp('published_date', { withTimezone: true }),
    trendUrl: text('trend_url'),
  },
  (t) => [index('article_trend_sources_article_idx').on(t.articleId)],
);
