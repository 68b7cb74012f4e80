import { type ArticleSummary, webAddress } from '@abp/contracts';

type LinkSource = Pick<ArticleSummary, 'wordpress_post_id' | 'wordpress_permalink' | 'site_url'>;

const base = (siteUrl: string) => siteUrl.replace(/\/+$/, '');
const withPreview = (url: string) => `${url}${url.includes('?') ? '&' : '?'}preview=true`;

/** Spec §2.1: the permalink, else the site URL with ?p= and the post id. Only a web address is a permalink. */
export function publicPostUrl(article: LinkSource): string | null {
  const permalink = webAddress(article.wordpress_permalink);
  if (permalink) return permalink;
  if (article.wordpress_post_id === null || !article.site_url) return null;
  return `${base(article.site_url)}/?p=${article.wordpress_post_id}`;
}

/** The post's edit page in wp-admin. */
export function editPostUrl(article: LinkSource): string | null {
  if (article.wordpress_post_id === null || !article.site_url) return null;
  return `${base(article.site_url)}/wp-admin/post.php?post=${article.wordpress_post_id}&action=edit`;
}

/**
 * WordPress' own preview link (its get_preview_post_link adds preview=true to the permalink); works
 * for drafts and scheduled posts when signed in to wp-admin.
 */
export function previewPostUrl(article: LinkSource): string | null {
  const url = publicPostUrl(article);
  return url === null ? null : withPreview(url);
}

/**
 * Where "View on WordPress" leads: the public page of a live post; the preview of a draft, pending
 * or scheduled post, whose public address answers 404 to visitors.
 */
export function viewOnWordPressUrl(article: LinkSource, live: boolean): string | null {
  return live ? publicPostUrl(article) : previewPostUrl(article);
}
