import type { ImageConfig } from './image-env.js';
import type { ImageProvider } from './image-provider.js';
import { RemoteImageProvider } from './remote-image-provider.js';
import { TitleCardImageProvider } from './title-card-provider.js';

/** The featured-image provider the configuration names; the title card needs no network and is the default. */
export function createImageProvider(config: ImageConfig): ImageProvider {
  const titleCard = new TitleCardImageProvider();
  if (config.provider === 'title-card') return titleCard;
  return new RemoteImageProvider({
    baseUrl: config.baseUrl,
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    model: config.model,
    size: config.size,
    timeoutMs: config.timeoutMs,
    fallback: titleCard,
  });
}
