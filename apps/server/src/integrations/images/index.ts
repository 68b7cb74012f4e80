export * from './image-provider.js';
export { renderTitleCard, TITLE_CARD_HEIGHT, TITLE_CARD_WIDTH, type TitleCardOptions } from './title-card.js';
export { TitleCardImageProvider } from './title-card-provider.js';
