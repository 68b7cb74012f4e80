import path from 'node:path';
import { htmlSections } from '../../src/lib/html/html-text.js';
import {
  type NewInventoryItem,
  SiteInventoryRepository,
} from '../../src/modules/site-inventory/site-inventory.repository.js';
import type { TestApp } from '../test-app.js';
import { type DatasetPost, loadDataset } from './understanding-eval.js';

export const fixture = loadDataset(path.join(import.meta.dirname, 'fixture'));

/** A fixture post as the inventory sync stores it (its number in the site as the WordPress id). */
export function inventoryItem(
  post: DatasetPost,
  wpId: number,
  changes: Partial<NewInventoryItem> = {},
): NewInventoryItem {
  const sections = htmlSections(post.html);
  return {
    kind: 'post',
    wpId,
    title: post.title,
    slug: post.slug,
    link: `https://garden.example/${post.slug}/`,
    status: 'publish',
    publishedAt: new Date(post.published_at),
    modifiedAt: new Date(post.published_at),
    categoryIds: [post.category],
    tagIds: [],
    authorId: 1,
    excerpt: '',
    headings: sections.headings.join('\n'),
    body: sections.body,
    ...changes,
  };
}

/** Stores the fixture's posts of one of its sites in a site's inventory, as a sync would; returns them by WordPress id. */
export async function storeFixturePosts(
  t: TestApp,
  siteId: number,
  site = 'garden',
): Promise<Map<number, DatasetPost>> {
  const posts = fixture.posts.filter((post) => post.site === site);
  const byId = new Map(posts.map((post, i) => [i + 1, post]));
  await new SiteInventoryRepository(t.ctx.handle.db).upsertItems(
    siteId,
    [...byId].map(([wpId, post]) => inventoryItem(post, wpId)),
  );
  return byId;
}
