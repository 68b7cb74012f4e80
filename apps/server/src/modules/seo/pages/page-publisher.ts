import { randomBytes } from 'node:crypto';
import type { PublishItemResult } from '@abp/contracts';
import { isWordPressError, type ContentInput, type WordPressClient, type WpPost } from '../../../integrations/wordpress/index.js';
import { toPlainText } from '../../../lib/plain-text.js';
import { withJsonLd } from '../shared/json-ld.js';
import type { PagesRepository, SeoPageRow } from './pages.repository.js';

export interface PagePublishOptions {
  status: 'publish' | 'draft';
  /** Embed the stored JSON-LD (only when the WordPress user keeps <script>). */
  deliverSchema: boolean;
}

/**
 * Pushes planned pages to WordPress as pages. Idempotent like article publishing: the page id is
 * stored and later publishes update it; before a create the page is flagged "create pending" and a
 * lost answer is resolved by looking the page up by its marker instead of creating another.
 */
export class PagePublisher {
  constructor(private readonly repo: PagesRepository) {}

  async publish(client: WordPressClient, pages: SeoPageRow[], options: PagePublishOptions): Promise<PublishItemResult[]> {
    const results: PublishItemResult[] = [];
    for (const page of pages) {
      // Legal pages are never published by us: a lawyer should read them first.
      const wpStatus = page.needsLegalReview ? 'draft' : options.status;
      const content = options.deliverSchema && page.schemaMarkup ? withJsonLd(page.content, page.schemaMarkup) : page.content;
      // The title is plain text; the WordPress client escapes it.
      const input: ContentInput = { title: toPlainText(page.pageTitle), content, status: wpStatus, slug: page.slug };
      try {
        const post = await this.createOrUpdate(client, page, input);
        const status = post.status === 'publish' ? 'published' : 'draft';
        await this.repo.update(page.id, { wordpressPageId: post.id, wordpressPermalink: post.link || null, status, publishCreatePending: false });
        results.push({ id: page.id, title: page.pageTitle, outcome: status, wordpress_id: post.id, permalink: post.link || null, error: null });
      } catch (error) {
        const message = isWordPressError(error) ? `${error.message}${error.advice ? ` ${error.advice}` : ''}` : error instanceof Error ? error.message : String(error);
        results.push({ id: page.id, title: page.pageTitle, outcome: 'failed', wordpress_id: page.wordpressPageId, permalink: page.wordpressPermalink, error: message });
      }
    }
    return results;
  }

  private async createOrUpdate(client: WordPressClient, page: SeoPageRow, input: ContentInput): Promise<WpPost> {
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
