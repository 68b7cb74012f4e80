import { PUBLISH_POLICY_MODES } from '@abp/contracts';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { articles } from './articles.js';
import { sites } from './sites.js';

export const BLOG_CONFIG_POST_STATUSES = ['draft', 'published'] as const;

/**
 * A site's blog configuration (one per site): what to write and how often. The scheduler posts
 * when next_post_at has come, then moves it on by a random interval between the two bounds.
 */
export const blogConfigs = pgTable('blog_configs', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .unique()
    .references(() => sites.id, { onDelete: 'cascade' }),
  topics: jsonb('topics').$type<string[]>().notNull(),
  postingIntervalMin: integer('posting_interval_min').notNull().default(1),
  postingIntervalMax: integer('posting_interval_max').notNull().default(3),
  maxPostsPerDay: integer('max_posts_per_day').notNull().default(10),
  postStatus: text('post_status', { enum: BLOG_CONFIG_POST_STATUSES }).notNull().default('draft'),
  taskType: text('task_type').notNull().default('Blog Post'),
  isActive: boolean('is_active').notNull().default(true),
  wordCount: integer('word_count').notNull().default(3000),
  contentPersona: text('content_persona').notNull().default(''),
  /** The next slot. Claimed by compare-and-set on this value, which makes a slot run once. */
  nextPostAt: timestamp('next_post_at', { withTimezone: true }),
  lastPostAt: timestamp('last_post_at', { withTimezone: true }),
  /**
   * Topics already used in the current round (compared trimmed, ignoring case). The next topic is
   * the first of `topics` not in here; when every topic has been used the round starts again.
   * A record rather than an index, so that editing the list never skips or repeats a topic.
   */
  usedTopics: jsonb('used_topics').$type<string[]>().notNull().default([]),
  /** WordPress categories (ids on the site) and author for the site's new posts; empty/null: WordPress' defaults. */
  wpCategoryIds: jsonb('wp_category_ids').$type<number[]>().notNull().default([]),
  wpAuthorId: integer('wp_author_id'),
  /** Links into the live site's existing posts per new article of the site (0 = none). */
  internalLinks: integer('internal_links').notNull().default(3),
  /** False: the posts of this site get no tags (every producer's; checked at publish). */
  addTags: boolean('add_tags').notNull().default(true),
  /** The model providers its scheduled articles are written with, in order ('main', fallback ids); null: the default chain (issue #16). */
  providers: jsonb('providers').$type<string[]>(),
  /** The publishing policy of its scheduled articles (issue #33); null: the site's default. */
  publishPolicy: text('publish_policy', { enum: PUBLISH_POLICY_MODES }),
  publishDelayHours: integer('publish_delay_hours'),
  /**
   * A new site's ramp-up (issue #33): the daily cap starts at ramp_start_per_day on the day
   * ramp_started_at falls on and grows linearly to max_posts_per_day over ramp_weeks weeks. All null: no ramp.
   */
  rampStartPerDay: integer('ramp_start_per_day'),
  rampWeeks: integer('ramp_weeks'),
  rampStartedAt: timestamp('ramp_started_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const SLOT_OUTCOMES = ['pending', 'generating', 'publishing', 'posted', 'failed', 'skipped'] as const;
export type SlotOutcome = (typeof SLOT_OUTCOMES)[number];

/**
 * One row per claimed slot: the scheduler log. The unique (config, slot time) pair and the article
 * id recorded before publishing are what let a crashed or repeated job finish the same slot with
 * the same article instead of writing another.
 */
export const schedulerLog = pgTable(
  'scheduler_log',
  {
    id: serial('id').primaryKey(),
    configId: integer('config_id')
      .notNull()
      .references(() => blogConfigs.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** The next_post_at value this slot claimed. */
    slotAt: timestamp('slot_at', { withTimezone: true }).notNull(),
    topic: text('topic').notNull(),
    articleId: integer('article_id').references(() => articles.id, { onDelete: 'set null' }),
    outcome: text('outcome', { enum: SLOT_OUTCOMES }).notNull().default('pending'),
    error: text('error'),
    /** What the slot decided that the operator should know, e.g. topics passed over because the site already covers them. */
    note: text('note'),
    /** Runs of the slot job so far; a slot that keeps failing is given up after a few. */
    attempts: integer('attempts').notNull().default(0),
    leaseToken: text('lease_token'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    /** When the slot was claimed: the daily cap counts slots by this time in the operator's day. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    unique('scheduler_log_config_slot_unique').on(t.configId, t.slotAt),
    index('scheduler_log_config_created_idx').on(t.configId, t.createdAt),
    index('scheduler_log_outcome_idx').on(t.outcome),
  ],
);
