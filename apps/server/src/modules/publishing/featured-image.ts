import { isWordPressError, type WordPressClient } from '../../integrations/wordpress/index.js';
import { toPlainText } from '../../lib/plain-text.js';
import type { PublishRecords } from '../articles/article-store.js';
import { labelWordPressError, wordpressStep } from './publish-errors.js';
import type { PublishArticleRow, PublishingRepository } from './publishing.repository.js';

export interface FeaturedImage {
  mediaId: number;
  url: string | null;
  /** The post the media item is attached to, when known. */
  attachedTo: number | null;
}

/** The article's featured image on WordPress: uploaded once, reused, attached to the post. */
export class FeaturedImages {
  constructor(
    private readonly repo: Pick<PublishingRepository, 'findImage'>,
    private readonly store: Pick<PublishRecords, 'recordFeaturedMedia'>,
  ) {}

  /**
   * Uploads the article's image once; later publishes reuse the media item while it exists. The
   * file is named after the article's publish marker, so an item uploaded by an attempt that died
   * before recording it (a crash, a lost answer) is found by its slug and used, not left behind
   * unattached while another is uploaded.
   */
  async ensure(client: WordPressClient, article: PublishArticleRow, marker: string): Promise<FeaturedImage | null> {
    const image = await this.repo.findImage(article.id);
    if (!image) return null;
    if (image.wordpressMediaId !== null) {
      try {
        const media = await client.media.get(image.wordpressMediaId);
        return { mediaId: media.id, url: media.source_url, attachedTo: media.post ?? null };
      } catch (error) {
        if (!(isWordPressError(error) && error.kind === 'not_found'))
          throw labelWordPressError(error, 'featured image');
      }
    }
    const earlier = await wordpressStep('featured image lookup', () => client.media.findBySlug(marker));
    if (earlier) {
      await this.store.recordFeaturedMedia(article.id, earlier.id);
      return { mediaId: earlier.id, url: earlier.source_url, attachedTo: earlier.post ?? null };
    }
    const media = await wordpressStep('featured image upload', () =>
      client.media.upload({
        data: Buffer.from(image.png, 'base64'),
        filename: `${marker}.png`,
        mimeType: 'image/png',
        // Plain text; the client escapes alt and title for WordPress.
        altText: toPlainText(image.altText || article.title),
        title: toPlainText(article.title),
      }),
    );
    await this.store.recordFeaturedMedia(article.id, media.id);
    return { mediaId: media.id, url: media.source_url, attachedTo: null };
  }

  /**
   * The image is uploaded before the post exists, so it is attached afterwards; otherwise the media
   * library lists it as "Unattached". The post is already stored and live by then, so a failure only
   * leaves the item unattached, and the next publish of the article attaches it again.
   */
  async attach(client: WordPressClient, image: FeaturedImage, postId: number): Promise<void> {
    if (image.attachedTo === postId) return;
    await client.media.attach(image.mediaId, postId).catch(() => undefined);
  }
}
