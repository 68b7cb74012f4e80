export { createImageProvider } from './create-image-provider.js';
export { pngDimensions, sniffImageFormat } from './image-bytes.js';
export { IMAGE_PROVIDERS, type ImageConfig, type ImageProviderName } from './image-env.js';
export * from './image-provider.js';
export { featuredImagePrompt, RemoteImageProvider, type RemoteImageProviderOptions } from './remote-image-provider.js';
export { renderTitleCard, TITLE_CARD_HEIGHT, TITLE_CARD_WIDTH, type TitleCardOptions } from './title-card.js';
export { TitleCardImageProvider } from './title-card-provider.js';
