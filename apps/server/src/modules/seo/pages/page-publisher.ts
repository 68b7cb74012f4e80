import { randomBytes, randomUUID } from 'node:crypto';
import type { PublishItemResult } from '@abp/contracts';
import {
  type ContentInput,
  isWordPressError,
  type WordPressClient,
  type WpPost,
} from '../../../integrations/wordpress/index.js';
import { toPlainText } from '../../../lib/plain-text.js';
import { withJsonLd } from '../shared/json-ld.js';
import type { PagesRepository, SeoPageRow } from './pages.repository.js';

export interface PagePublishOptions {
  status: 'publish' | 'draft';
  /** Embed the stored JSON-LD (only when the WordPress user keeps <script>). */
  deliverSchema: boolean;
  /** The operator chose to update the site's own page at this page's slug (if it is not live). */
  updateExisting?: boolean;
}

/** The site's page holding a slug, when it is not ours: a page beside it would become `slug-2`. */
export function takenSlugNotice(page: Pick<SeoPageRow, 'slug'>, taken: WpPost, updateOffered: boolean): string {
  const title = toPlainText(taken.title?.raw ?? taken.title?.rendered ?? '') || `page ${taken.id}`;
  const where = `The site already has a page at /${page.slug}/ (“${title}”, ${taken.status})`;
  return updateOffered
    ? `${where}: nothing was added beside it. Publish again and choose to update the site's page.`
    : `${where}: it is public and stays as it is; nothing was added beside it.`;
}

/** The site's page that holds the slug, left as it is: the project's page is not sent. */
class KeptBySite {
  constructor(
    readonly page: WpPost,
    readonly notice: string,
  ) {}
}

/** Published, scheduled and private pages are the site's own work: never overwritten. */
export function isLivePage(post: Pick<WpPost, 'status'>): boolean {
  return post.status !== 'draft' && post.status !== 'pending';
}

// Longer than a page's create or update with its retries; a holder that died frees it after this.
const LEASE_MS = 5 * 60_000;

/**
 * Pushes one planned page to WordPress as a page, with the idempotency of article publishing: a
 * lease lets one push of the page run at a time, across processes; the page id is stored and later
 * publishes update it; before a create the page is flagged "create pending" and a lost answer is
 * resolved by looking the page up by its marker instead of creating another.
 */
export class PagePublisher {
  constructor(private readonly repo: PagesRepository) {}

  async publishOne(client: WordPressClient, page: SeoPageRow, options: PagePublishOptions): Promise<PublishItemResult> {
    const lease = randomUUID();
    if (!(await this.repo.acquireLease(page.id, lease, LEASE_MS))) {
      return this.failed(
        page,
        'This page is being published by another run right now; publish it again in a few minutes.',
      );
    }
    try {
      // Read under the lease: a push that finished a moment ago has stored its page id by now.
      const current = (await this.repo.listByIds(page.projectId, [page.id]))[0] ?? page;
      // Legal pages are never published by us: a lawyer should read them first.
      const wpStatus = current.needsLegalReview ? 'draft' : options.status;
      const content =
        options.deliverSchema && current.schemaMarkup
          ? withJsonLd(current.content, current.schemaMarkup)
          : current.content;
      // The title is plain text; the WordPress client escapes it.
      const input: ContentInput = {
        title: toPlainText(current.pageTitle),
        content,
        status: wpStatus,
        slug: current.slug,
      };
      const post = await this.createOrUpdate(client, current, input, options.updateExisting === true);
      if (post instanceof KeptBySite)
        return {
          id: current.id,
          title: current.pageTitle,
          outcome: 'skipped',
          wordpress_id: null,
          permalink: post.page.link || null,
          error: post.notice,
        };
      const status = post.status === 'publish' ? 'published' : 'draft';
      await this.repo.update(current.id, {
        wordpressPageId: post.id,
        wordpressPermalink: post.link || null,
        status,
        publishCreatePending: false,
        changedSincePublish: false,
      });
      return {
        id: current.id,
        title: current.pageTitle,
        outcome: status,
        wordpress_id: post.id,
        permalink: post.link || null,
        error: null,
      };
    } catch (error) {
      const message = isWordPressError(error)
        ? `${error.message}${error.advice ? ` ${error.advice}` : ''}`
        : error instanceof Error
          ? error.message
          : String(error);
      return this.failed(page, message);
    } finally {
      await this.repo.releaseLease(page.id, lease);
    }
  }

  private failed(page: SeoPageRow, error: string): PublishItemResult {
    return {
      id: page.id,
      title: page.pageTitle,
      outcome: 'failed',
      wordpress_id: page.wordpressPageId,
      permalink: page.wordpressPermalink,
      error,
    };
  }

  /**
   * Our page if it is known, else the site's page at the slug when the operator chose to update it;
   * a slug the site holds otherwise is left to the site (KeptBySite): WordPress would add `slug-2`.
   */
  private async createOrUpdate(
    client: WordPressClient,
    page: SeoPageRow,
    input: ContentInput,
    updateExisting: boolean,
  ): Promise<WpPost | KeptBySite> {
    if (page.wordpressPageId !== null) {
      try {
        return await client.pages.update(page.wordpressPageId, input);
      } catch (error) {
        // Deleted in WordPress since: create it again below.
        if (!(isWordPressError(error) && error.kind === 'not_found')) throw error;
      }
    }
    const marker = await this.repo.assignMarker(page.id, `abp-seo-page-${page.id}-${randomBytes(4).toString('hex')}`);
    if (page.publishCreatePending) {
      const found = await client.pages.findByMarker(marker);
      if (found) return client.pages.update(found.id, input);
    }
    const taken = await client.pages.findBySlug(page.slug);
    if (taken) {
      if (isLivePage(taken) || !updateExisting)
        return new KeptBySite(taken, takenSlugNotice(page, taken, !isLivePage(taken)));
      return client.pages.update(taken.id, input);
    }
    await this.repo.update(page.id, { publishCreatePending: true });
    try {
      return await client.pages.create({ ...input, marker });
    } catch (error) {
      // Only a refusal proves nothing was created; after a timeout the flag stays for the next attempt.
      if (isWordPressError(error) && !error.outcomeUnknown && error.status !== null && error.status < 500) {
        await this.repo.update(page.id, { publishCreatePending: false });
      }
      throw error;
    }
  }
}
