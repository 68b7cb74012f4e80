import { type BlogConfig, type BlogConfigBudgetPause, type BlogConfigValues, monthlyArticles } from '@abp/contracts';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { nextSlotAfter, startOfOperatorDay } from '../posting-policy/index.js';
import type { PlacementCheck } from '../site-inventory/placement-check.js';
import { toBlogConfigDto } from './blog-config-dto.js';
import type { BlogConfigChanges, BlogConfigRow, BlogConfigsRepository } from './blog-configs.repository.js';

export interface BlogConfigsClock {
  now: () => Date;
  /** Uniform in [0, 1): picks the random posting interval. */
  random: () => number;
  /** The operator's time zone, for "posts today". */
  timeZone: string;
}

const NOT_FOUND = 'Configuration not found';

/** Blog configurations: one per active site, validated as the dialog validates, scheduled on save. */
export class BlogConfigsService {
  constructor(
    private readonly repo: BlogConfigsRepository,
    private readonly clock: BlogConfigsClock,
    /** The ids a provider list may name ('main', fallback ids): Settings' providers (issue #16). */
    private readonly providerIds?: () => Promise<string[]>,
    /** The sites among these whose schedules a reached monthly budget holds (issue #31). */
    private readonly budgetPauses?: (siteIds: number[]) => Promise<Map<number, BlogConfigBudgetPause>>,
    /** The site inventory's check of category and author ids (issue #31). */
    private readonly placementCheck?: PlacementCheck,
    /** A 409 naming the budget when the schedule's expected month would cross one and is not confirmed (issue #37). */
    private readonly budgetConfirm?: (
      request: { articles: number; word_count: number; site_id: number },
      confirmed: boolean | undefined,
    ) => Promise<void>,
  ) {}

  /** A schedule switched on, or asked to write more a month, is compared with the budgets first. */
  private async confirmMonth(input: BlogConfigValues, before: BlogConfigRow | null): Promise<void> {
    const month = monthlyOf(input.is_active, input);
    if (!month || !this.budgetConfirm) return;
    const previous = before
      ? monthlyOf(before.isActive, {
          posting_interval_min: before.postingIntervalMin,
          posting_interval_max: before.postingIntervalMax,
          max_posts_per_day: before.maxPostsPerDay,
          word_count: before.wordCount,
        })
      : null;
    const sameSite = before?.siteId === input.site_id;
    if (sameSite && previous && month.articles * month.word_count <= previous.articles * previous.word_count) return;
    await this.budgetConfirm({ ...month, site_id: input.site_id }, input.confirm_budget);
  }

  async list(): Promise<BlogConfig[]> {
    const rows = await this.repo.list(this.dayStart());
    const pauses =
      (await this.budgetPauses?.(rows.map((row) => row.config.siteId))) ?? new Map<number, BlogConfigBudgetPause>();
    return rows.map((row) => toBlogConfigDto(row, pauses.get(row.config.siteId) ?? null));
  }

  async get(id: number): Promise<BlogConfig> {
    const row = await this.repo.findListed(id, this.dayStart());
    if (!row) throw notFound(NOT_FOUND);
    const pauses = await this.budgetPauses?.([row.config.siteId]);
    return toBlogConfigDto(row, pauses?.get(row.config.siteId) ?? null);
  }

  async create(input: BlogConfigValues): Promise<BlogConfig> {
    const siteName = await this.requireUsableSite(input.site_id);
    await this.assertKnownProviders(input.providers);
    await this.assertKnownPlacement(input);
    await this.assertSiteFree(input.site_id, siteName, null);
    await this.confirmMonth(input, null);
    const now = this.clock.now();
    let row: BlogConfigRow;
    try {
      row = await this.repo.insert({
        ...this.fields(input),
        // The first article comes one interval after saving, like every later one.
        nextPostAt: nextSlotAfter(now, input.posting_interval_min, input.posting_interval_max, this.clock.random),
        createdAt: now,
        updatedAt: now,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw this.siteTaken(siteName);
      throw error;
    }
    return this.get(row.id);
  }

  async update(id: number, input: BlogConfigValues): Promise<BlogConfig> {
    const current = await this.repo.find(id);
    if (!current) throw notFound(NOT_FOUND);
    await this.assertKnownProviders(input.providers);
    if (input.site_id !== current.siteId) {
      // Moving a configuration is choosing a site: the same rules as creating one.
      const siteName = await this.requireUsableSite(input.site_id);
      await this.assertSiteFree(input.site_id, siteName, id);
    }
    // Checked on every save: a category deleted on WordPress since would otherwise be dropped there silently.
    await this.assertKnownPlacement(input);
    await this.confirmMonth(input, current);
    const now = this.clock.now();
    const changes: BlogConfigChanges = { ...this.fields(input), updatedAt: now };
    const intervalChanged =
      input.posting_interval_min !== current.postingIntervalMin ||
      input.posting_interval_max !== current.postingIntervalMax;
    const switchedOn = input.is_active && !current.isActive;
    // A new interval applies from now; a configuration switched back on does not post the slot it missed at once.
    if (intervalChanged || switchedOn || current.nextPostAt === null) {
      changes.nextPostAt = nextSlotAfter(
        now,
        input.posting_interval_min,
        input.posting_interval_max,
        this.clock.random,
      );
    }
    try {
      if (!(await this.repo.update(id, changes))) throw notFound(NOT_FOUND);
    } catch (error) {
      if (isUniqueViolation(error)) throw this.siteTaken(null);
      throw error;
    }
    return this.get(id);
  }

  async delete(id: number): Promise<{ success: true; id: number }> {
    if (!(await this.repo.delete(id))) throw notFound(NOT_FOUND);
    return { success: true, id };
  }

  private fields(input: BlogConfigValues) {
    return {
      siteId: input.site_id,
      topics: input.topics,
      postingIntervalMin: input.posting_interval_min,
      postingIntervalMax: input.posting_interval_max,
      maxPostsPerDay: input.max_posts_per_day,
      postStatus: input.post_status,
      taskType: input.task_type,
      isActive: input.is_active,
      wordCount: input.word_count,
      contentPersona: input.content_persona,
      wpCategoryIds: input.category_ids,
      wpAuthorId: input.author_id,
      internalLinks: input.internal_links,
      addTags: input.add_tags,
      providers: input.providers,
      // Its publishing policy (issue #33): null = the site's default; absent from a request = kept as stored.
      ...(input.publish_policy !== undefined
        ? {
            publishPolicy: input.publish_policy?.mode ?? null,
            publishDelayHours:
              input.publish_policy?.mode === 'delay' ? (input.publish_policy.delay_hours ?? null) : null,
          }
        : {}),
    };
  }

  /** A provider list names providers of Settings: the main one and saved fallbacks. */
  private async assertKnownProviders(providers: readonly string[] | null): Promise<void> {
    if (!providers || !this.providerIds) return;
    const known = new Set(await this.providerIds());
    const unknown = providers.findIndex((id) => !known.has(id));
    if (unknown >= 0)
      throw badRequest(
        `providers.${unknown}`,
        `"${providers[unknown]}" is not a provider of Settings (the main one or a fallback)`,
      );
  }

  private async assertKnownPlacement(input: BlogConfigValues): Promise<void> {
    await this.placementCheck?.(
      input.site_id,
      { categoryIds: input.category_ids, authorId: input.author_id },
      { categoryIds: 'category_ids', authorId: 'author_id' },
    );
  }

  private dayStart(): Date {
    return startOfOperatorDay(this.clock.now(), this.clock.timeZone);
  }

  /** Spec §5: only active sites can be chosen. Returns the site's name. */
  private async requireUsableSite(siteId: number): Promise<string> {
    const site = await this.repo.findSite(siteId);
    if (!site) throw badRequest('site_id', `no site with id ${siteId} exists`);
    if (site.deleting) throw badRequest('site_id', `the site "${site.name}" is being deleted`);
    if (!site.isActive)
      throw badRequest('site_id', `the site "${site.name}" is inactive: only active sites can be chosen`);
    return site.name;
  }

  private async assertSiteFree(siteId: number, siteName: string, ownId: number | null): Promise<void> {
    const existing = await this.repo.findBySite(siteId);
    if (existing && existing.id !== ownId) throw this.siteTaken(siteName);
  }

  private siteTaken(siteName: string | null) {
    const which = siteName ? `the site "${siteName}"` : 'this site';
    return conflict(
      `A blog configuration for ${which} already exists. Each site has one configuration: edit that one instead.`,
      [{ field: 'site_id', message: 'already has a configuration' }],
    );
  }
}

const monthlyOf = (
  active: boolean,
  values: Pick<BlogConfigValues, 'posting_interval_min' | 'posting_interval_max' | 'max_posts_per_day' | 'word_count'>,
) =>
  monthlyArticles({
    active,
    intervalMin: values.posting_interval_min,
    intervalMax: values.posting_interval_max,
    postsPerDay: values.max_posts_per_day,
    words: values.word_count,
  });
