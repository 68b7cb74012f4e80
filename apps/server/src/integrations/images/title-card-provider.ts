import { type FeaturedImage, type FeaturedImageRequest, type ImageProvider, imageFilename } from './image-provider.js';
import { renderTitleCard, TITLE_CARD_HEIGHT, TITLE_CARD_WIDTH } from './title-card.js';

/** The default image provider: a title card rendered on this machine, so images work offline. */
export class TitleCardImageProvider implements ImageProvider {
  readonly id = 'title-card';

  async createFeaturedImage(request: FeaturedImageRequest): Promise<FeaturedImage> {
    if (request.signal?.aborted) throw new Error('Image generation was cancelled');
    const footer = request.keywords.slice(0, 3).join('  ·  ');
    const png = await renderTitleCard(request.title, {
      label: request.siteName ?? request.taskType,
      footer: footer || undefined,
    });
    return {
      png,
      alt: request.title,
      filename: imageFilename(request.title),
      width: TITLE_CARD_WIDTH,
      height: TITLE_CARD_HEIGHT,
    };
  }
}
