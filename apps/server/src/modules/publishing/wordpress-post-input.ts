import type { ArticleStatus } from '@abp/contracts';
import type { ContentInput, PostStatus, SeoFields } from '../../integrations/wordpress/index.js';
import { toPlainText } from '../../lib/plain-text.js';
import type { PublishArticleRow } from './publishing.repository.js';

/** The article's status decides the post's: published → publish, scheduled → future, review → pending, draft → draft. */
const WORDPRESS_STATUS: Record<ArticleStatus, PostStatus | null> = {
  published: 'publish',
  scheduled: 'future',
  review: 'pending',
  draft: 'draft',
  failed: null,
};

export function wordpressStatusFor(status: ArticleStatus): PostStatus | null {
  return WORDPRESS_STATUS[status];
}

/** WordPress' date_gmt: UTC, ISO 8601 without zone or milliseconds. */
export function toWordPressDate(date: Date): string {
  return date.toISOString().slice(0, 19);
}

// A post turned public "now" gets a date a minute in the past: if this server's clock runs ahead
// of WordPress', a date of exactly now would read as future there and the post would stay scheduled.
const CLOCK_SKEW_MARGIN_MS = 60_000;

export interface PostInputExtras {
  marker: string;
  tagIds: number[];
  featuredMediaId: number | null;
  /** True when updating an existing post (a create lets WordPress date a published post itself). */
  existingPost: boolean;
  now: Date;
  /** The site's SEO plugin fields writable over REST; the excerpt carries the meta description either way. */
  seoFields?: SeoFields | null;
}

export function buildPostInput(article: PublishArticleRow, status: PostStatus, extras: PostInputExtras): ContentInput {
  // Plain text (rows written before titles were normalised are decoded here too); the WordPress
  // client escapes title and excerpt, which themes print as HTML.
  const input: ContentInput = {
    title: toPlainText(article.title),
    content: article.content,
    status,
    marker: extras.marker,
  };
  // No tags to give: the post's tags are left as they are (an update must not clear tags added on WordPress).
  if (extras.tagIds.length > 0) input.tags = [...extras.tagIds];
  if (article.slug) input.slug = article.slug;
  if (article.metaDescription) input.excerpt = toPlainText(article.metaDescription);
  if (article.wpCategoryIds.length > 0) input.categories = [...article.wpCategoryIds];
  if (article.wpAuthorId !== null) input.author = article.wpAuthorId;
  const meta: Record<string, string> = {};
  const primaryKeyword = article.keywords[0] ? toPlainText(article.keywords[0]) : '';
  if (extras.seoFields?.descriptionField && article.metaDescription)
    meta[extras.seoFields.descriptionField] = toPlainText(article.metaDescription);
  if (extras.seoFields?.keywordField && primaryKeyword) meta[extras.seoFields.keywordField] = primaryKeyword;
  if (Object.keys(meta).length > 0) input.meta = meta;
  if (extras.featuredMediaId !== null) input.featured_media = extras.featuredMediaId;
  if (status === 'future' && article.scheduledAt) input.date_gmt = toWordPressDate(article.scheduledAt);
  if (status === 'publish' && extras.existingPost) {
    // Keep the first publication date on re-publish; a post that was scheduled goes public now.
    const date = article.publishedAt ?? new Date(extras.now.getTime() - CLOCK_SKEW_MARGIN_MS);
    input.date_gmt = toWordPressDate(date);
  }
  return input;
}
