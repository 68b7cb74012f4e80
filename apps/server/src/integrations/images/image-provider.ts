import type { TaskType } from '@abp/contracts';

export interface FeaturedImageRequest {
  title: string;
  topic: string;
  taskType: TaskType;
  keywords: string[];
  /** Shown small on the card, e.g. the site's name. */
  siteName?: string;
  signal?: AbortSignal;
}

export interface FeaturedImage {
  png: Buffer;
  /** Alternative text for WordPress media. */
  alt: string;
  /** A safe file name for the upload, ending in .png. */
  filename: string;
  width: number;
  height: number;
  /** Why this is not the image that was asked for (e.g. a remote provider failed and the title card stands in), for the Generation log. */
  warnings?: string[];
}

/** Where featured images come from. The default renders a title card locally, with no network. */
export interface ImageProvider {
  readonly id: string;
  createFeaturedImage(request: FeaturedImageRequest): Promise<FeaturedImage>;
}

/** "How to Bake Bread: A Guide!" → "how-to-bake-bread-a-guide.png" */
export function imageFilename(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${slug || 'featured-image'}.png`;
}
