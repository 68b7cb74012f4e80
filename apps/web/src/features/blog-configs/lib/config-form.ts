import {
  BLOG_CONFIG_LIMITS,
  type BlogConfig,
  type BlogConfigInput,
  type ConfigPostStatus,
  DEFAULT_CONFIG_POST_STATUS,
  DEFAULT_TASK_TYPE,
  RAMP_LIMITS,
  type Site,
  type TaskType,
} from '@abp/contracts';

/** The dialog's fields. Numbers stay numbers (NaN while a number box is empty). */
export interface ConfigFormValues {
  site_id: number | '';
  topics: string[];
  posting_interval_min: number;
  posting_interval_max: number;
  max_posts_per_day: number;
  post_status: ConfigPostStatus;
  task_type: TaskType;
  is_active: boolean;
  word_count: number;
  content_persona: string;
  category_ids: number[];
  author_id: number | null;
  internal_links: number;
  add_tags: boolean;
  /** Its own model providers, in order; [] is the default chain (sent as null). */
  providers: string[];
  /** The ramp-up (issue #33): off, or a starting pace growing to max_posts_per_day over weeks. */
  ramp_on: boolean;
  ramp_start_per_day: number;
  ramp_weeks: number;
  /** Its publishing policy (issue #33); null: the site's default. */
  publish_policy: { mode: 'auto' | 'hold' | 'delay'; delay_hours?: number | null } | null;
}

export const CONFIG_FORM_FIELDS = [
  'site_id',
  'topics',
  'posting_interval_min',
  'posting_interval_max',
  'max_posts_per_day',
  'post_status',
  'task_type',
  'is_active',
  'word_count',
  'content_persona',
  'category_ids',
  'author_id',
  'internal_links',
  'add_tags',
  'providers',
  'ramp_on',
  'ramp_start_per_day',
  'ramp_weeks',
  'publish_policy',
] as const;
export type ConfigFormField = (typeof CONFIG_FORM_FIELDS)[number];

/** Spec §9 defaults: 1–3 hours, 10 a day, 3,000 words, Blog Post, draft. */
export const EMPTY_CONFIG_FORM: ConfigFormValues = {
  site_id: '',
  topics: [],
  posting_interval_min: BLOG_CONFIG_LIMITS.interval.defaultMin,
  posting_interval_max: BLOG_CONFIG_LIMITS.interval.defaultMax,
  max_posts_per_day: BLOG_CONFIG_LIMITS.maxPostsPerDay.default,
  post_status: DEFAULT_CONFIG_POST_STATUS,
  task_type: DEFAULT_TASK_TYPE,
  is_active: true,
  word_count: BLOG_CONFIG_LIMITS.wordCount.default,
  content_persona: '',
  category_ids: [],
  author_id: null,
  internal_links: BLOG_CONFIG_LIMITS.internalLinks.default,
  add_tags: true,
  providers: [],
  ramp_on: false,
  ramp_start_per_day: RAMP_LIMITS.startPerDay.default,
  ramp_weeks: RAMP_LIMITS.weeks.default,
  publish_policy: null,
};

export function configToForm(config: BlogConfig): ConfigFormValues {
  return {
    site_id: config.site_id,
    topics: [...config.topics],
    posting_interval_min: config.posting_interval_min,
    posting_interval_max: config.posting_interval_max,
    max_posts_per_day: config.max_posts_per_day,
    post_status: config.post_status,
    // Stored by the server's validation, so always one of TASK_TYPES.
    task_type: config.task_type as TaskType,
    is_active: config.is_active,
    word_count: config.word_count,
    content_persona: config.content_persona,
    category_ids: [...config.category_ids],
    author_id: config.author_id,
    internal_links: config.internal_links,
    add_tags: config.add_tags,
    providers: [...(config.providers ?? [])],
    ramp_on: config.ramp !== null,
    ramp_start_per_day: config.ramp?.start_per_day ?? RAMP_LIMITS.startPerDay.default,
    ramp_weeks: config.ramp?.weeks ?? RAMP_LIMITS.weeks.default,
    publish_policy: config.publish_policy,
  };
}

/** The request body; the contract's schema checks it before it is sent. */
export function formToBody(
  values: ConfigFormValues,
  storedPolicy: BlogConfig['publish_policy'] = null,
): BlogConfigInput {
  // "Site default" left as it was is not sent: the server keeps (or starts with) the site's default.
  // 0 is refused by the schema with 'A site is required'.
  const { ramp_on, ramp_start_per_day, ramp_weeks, publish_policy, ...fields } = values;
  return {
    ...fields,
    site_id: values.site_id === '' ? 0 : values.site_id,
    providers: values.providers.length > 0 ? values.providers : null,
    ramp: ramp_on ? { start_per_day: ramp_start_per_day, weeks: ramp_weeks } : null,
    ...(publish_policy !== null || storedPolicy !== null ? { publish_policy } : {}),
  };
}

/** Spec §5: a site and at least one topic before Save is enabled. */
export function canSave(values: Pick<ConfigFormValues, 'site_id' | 'topics'>): boolean {
  return values.site_id !== '' && values.topics.length > 0;
}

/** Server and schema paths ("body.topics.1", "posting_interval_max") → the form field. */
export function formFieldOf(path: string): ConfigFormField | null {
  const [first = '', second = ''] = path.replace(/^body\./, '').split('.');
  // The ramp's two numbers are fields of their own in the form ("ramp.weeks" → ramp_weeks).
  const name = first === 'ramp' && second ? `ramp_${second}` : first;
  return (CONFIG_FORM_FIELDS as readonly string[]).includes(name) ? (name as ConfigFormField) : null;
}

export interface SiteChoice {
  site: Site;
  /** Shown after the name: 'already configured' (then disabled) or 'inactive' (the edited one's own site). */
  note: string | null;
  disabled: boolean;
}

/**
 * Spec §5: only active sites can be chosen. A site that already has a configuration is listed but
 * disabled; the configuration's own site stays listed on edit even if it was switched off since.
 */
export function siteChoices(
  sites: readonly Site[],
  configs: readonly BlogConfig[],
  editing: BlogConfig | null,
): SiteChoice[] {
  const configured = new Set(configs.filter((c) => c.id !== editing?.id).map((c) => c.site_id));
  const usable = (site: Site) => site.is_active && !site.deleting;
  return sites
    .filter((site) => usable(site) || site.id === editing?.site_id)
    .map((site) => {
      if (configured.has(site.id)) return { site, note: 'already configured', disabled: true };
      return { site, note: usable(site) ? null : 'inactive', disabled: false };
    });
}
