import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { htmlSections } from '../../apps/server/src/lib/html/html-text.js';
import { PublishingRepository } from '../../apps/server/src/modules/publishing/publishing.repository.js';
import { LiveSiteLinker } from '../../apps/server/src/modules/site-inventory/live-site-linker.js';
import { SiteInventoryRepository } from '../../apps/server/src/modules/site-inventory/site-inventory.repository.js';
import { rankByTextSearch } from '../../apps/server/src/modules/trends/trend-text-match.js';
import {
  type Dataset,
  type DuplicateOutcome,
  duplicateScores,
  siteNumbers,
} from '../../apps/server/test/site-knowledge/understanding-eval.js';
import { seedEmbeddedDatabase } from '../seed-database.js';

/*
 * The matchers the app uses today, on the same labelled set, through their own functions: the
 * exact title/slug check of publishing (postsOnSiteLike, the quality gate's already_on_site), the
 * live-site linker's relatedPosts (MiniSearch), the trend text match, and the category rule
 * (the configured category, else Uncategorized).
 */

const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;

export interface BaselineFigures {
  duplicates: { precision: number; recall: number };
  links: { precisionAt3: number; recallAt3: number };
  trends: number;
  categories: { uncategorized: number; largestCategory: number };
}

export async function measureBaselines(dataset: Dataset): Promise<BaselineFigures> {
  const numbers = siteNumbers(dataset);
  const wpIds = new Map(dataset.posts.map((post, i) => [post.id, i + 1]));
  const postOf = new Map(dataset.posts.map((post, i) => [i + 1, post.id]));
  const sitesSql = dataset.sites
    .map(
      (site) =>
        `INSERT INTO sites (id, name, url, username, password_sealed) VALUES (${numbers.get(site.id)}, ${sqlText(site.name)}, ${sqlText(site.url)}, 'editor', 'unused');`,
    )
    .join('\n');
  const itemsSql = dataset.posts
    .map((post) => {
      const sections = htmlSections(post.html);
      return `INSERT INTO site_inventory_items (site_id, kind, wp_id, title, slug, link, status, category_ids, excerpt, headings, body)
        VALUES (${numbers.get(post.site)}, 'post', ${wpIds.get(post.id)}, ${sqlText(post.title)}, ${sqlText(post.slug)},
          ${sqlText(`${dataset.sites.find((s) => s.id === post.site)?.url ?? ''}/${post.slug}/`)}, 'publish',
          ARRAY[${post.category}]::integer[], ${sqlText(sections.body.slice(0, 300))}, '', '');`;
    })
    .join('\n');
  const syncsSql = dataset.sites
    .map(
      (site) =>
        `INSERT INTO site_inventory_syncs (site_id, state, trigger, last_success_at) VALUES (${numbers.get(site.id)}, 'succeeded', 'manual', now());`,
    )
    .join('\n');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abp-bench-understanding-'));
  let figures: BaselineFigures | null = null;
  try {
    await seedEmbeddedDatabase(dataDir, `${sitesSql}\n${itemsSql}\n${syncsSql}`, async (_pglite, handle) => {
      const publishing = new PublishingRepository(handle.db);
      const linker = new LiveSiteLinker(new SiteInventoryRepository(handle.db));

      const outcomes: DuplicateOutcome[] = [];
      for (const c of dataset.duplicates) {
        const [match] = await publishing.postsOnSiteLike(numbers.get(c.site)!, [c.title], null);
        const post = match ? dataset.posts.find((p) => p.site === c.site && p.title === match.title) : undefined;
        outcomes.push({ id: c.id, expected: c.duplicate_of, top: post?.id ?? null, score: match ? 1 : 0 });
      }

      let hits = 0;
      let returned = 0;
      let recall = 0;
      for (const c of dataset.links) {
        const chosen = (
          (await linker.relatedPosts(numbers.get(c.site)!, { title: c.title, keywords: [], ownWpId: null }, 3)) ?? []
        ).map((post) => postOf.get(post.wpId)!);
        const good = chosen.filter((id) => c.relevant.includes(id)).length;
        hits += good;
        returned += chosen.length;
        recall += c.relevant.length === 0 ? 1 : good / Math.min(3, c.relevant.length);
      }

      let trendRight = 0;
      for (const c of dataset.trends) {
        const ranked = rankByTextSearch(c.topics, [
          {
            title: c.title,
            description: c.description,
            publishedDate: null,
            url: null,
            newsItems: [],
            approxTraffic: null,
            picture: null,
            feedUrl: 'bench',
          },
        ]);
        if (ranked.length > 0 === c.fits) trendRight++;
      }

      // Today: the configured category, else none (WordPress files the post under Uncategorized).
      // Without a configuration no case is right; with one configured category (say the site's
      // largest) every article of the site lands there.
      let largestRight = 0;
      for (const c of dataset.categories) {
        const counts = new Map<number, number>();
        for (const post of dataset.posts)
          if (post.site === c.site) counts.set(post.category, (counts.get(post.category) ?? 0) + 1);
        const [largest] = [...counts].sort((a, b) => b[1] - a[1]);
        if (largest?.[0] === c.category) largestRight++;
      }
      const uncategorized = dataset.categories.filter((c) =>
        dataset.sites
          .find((s) => s.id === c.site)
          ?.categories.some((cat) => cat.id === c.category && /^uncategori[sz]ed$/i.test(cat.name)),
      ).length;

      const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);
      figures = {
        duplicates: duplicateScores(outcomes, 0.5),
        links: { precisionAt3: ratio(hits, returned), recallAt3: ratio(recall, dataset.links.length) },
        trends: ratio(trendRight, dataset.trends.length),
        categories: {
          uncategorized: ratio(uncategorized, dataset.categories.length),
          largestCategory: ratio(largestRight, dataset.categories.length),
        },
      };
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return figures!;
}
