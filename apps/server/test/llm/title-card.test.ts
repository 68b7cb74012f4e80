import { describe, expect, it } from 'vitest';
import { imageFilename, renderTitleCard, TitleCardImageProvider } from '../../src/integrations/images/index.js';

const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe('title card', () => {
  it('renders a 1200×630 PNG locally', async () => {
    const png = await renderTitleCard('How to Grow Tomatoes on a Balcony', {
      label: 'Garden Notes',
      footer: 'tomatoes · balcony',
    });
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    expect(png.length).toBeGreaterThan(20_000); // text and gradient, not a blank canvas
  });

  it('copes with very long titles and markup characters', async () => {
    const png = await renderTitleCard(`<Tom & Jerry's> ${'extraordinarily '.repeat(30)}long title`);
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
  });

  it('is the default image provider, with alt text and a safe file name', async () => {
    const image = await new TitleCardImageProvider().createFeaturedImage({
      title: 'Crème Brûlée: A Guide!',
      topic: 'dessert',
      taskType: 'Recipe',
      keywords: ['custard'],
    });
    expect(image).toMatchObject({
      alt: 'Crème Brûlée: A Guide!',
      filename: 'creme-brulee-a-guide.png',
      width: 1200,
      height: 630,
    });
    expect(imageFilename('!!!')).toBe('featured-image.png');
  });
});
