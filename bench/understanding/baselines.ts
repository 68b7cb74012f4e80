import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.js';
import { siteInventoryItems } from '../../apps/server/src/db/schema/index.js';
import { htmlSections } from '../../apps/server/src/lib/html/html-text.js';
import { LiveSiteLinker } from '../../apps/server/src/modules/site-inventory/live-site-linker.js';
import { buildPostIndex, chooseTargets } from '../../apps/server/src/modules/site-inventory/live-site-links.js';
import { SiteInventoryRepository } from '../../apps/server/src/modules/site-inventory/site-inventory.repository.js';
import { SiteKnowledgeRepository } from '../../apps/server/src/modules/site-knowledge/site-knowledge.repository.js';
import { SiteKnowledgeService } from '../../apps/server/src/modules/site-knowledge/site-knowledge.service.js';
import { rankByTextSearch } from '../../apps/server/src/modules/trends/trend-text-match.js';
import {
  type Dataset,
  type DuplicateOutcome,
  duplicateScores,
  siteNumbers,
} from '../../apps/server/test/site-knowledge/understanding-eval.js';
import { seedEmbeddedDatabase } from '../seed-database.js';

/*
 * The matchers the app used before issue #32, on the same labelled set: the exact title/slug check
 * publishing had (postsOnSiteLike below, kept here only as this baseline), the
 * live-site linker's ranking before issue #32 (MiniSearch over titles and excerpts: buildPostIndex
 * and chooseTargets), the trend text match, and the category rule (the configured category, else
 * Uncategorized). And the linker as wired now (relatedPosts through the site-knowledge index), on
 * the same database.
 */

/**
 * The exact title/slug match publishing used before site knowledge judged duplicate subjects: the
 * site's posts titled as one of the phrases once punctuation and case are ignored, or with the slug
 * WordPress would give one of them.
 */
async function postsOnSiteLike(db: Database, siteId: number, phrases: readonly string[]) {
  const normalised = (value: unknown) => sql`btrim(regexp_replace(lower(${value}), '[^[:alnum:]]+', ' ', 'g'))`;
  const slugOf = (phrase: string) => sql`btrim(regexp_replace(lower(${phrase}), '[^[:alnum:]]+', '-', 'g'), '-')`;
  const matches = phrases
    .filter((phrase) => phrase.trim() !== '')
    .flatMap((phrase) => [
      sql`${normalised(siteInventoryItems.title)} = ${normalised(phrase)}`,
      sql`${siteInventoryItems.slug} = ${slugOf(phrase)}`,
    ]);
  return db
    .select({ title: siteInventoryItems.title, link: siteInventoryItems.link })
    .from(siteInventoryItems)
    .where(and(eq(siteInventoryItems.siteId, siteId), eq(siteInventoryItems.kind, 'post'), or(...matches)))
    .limit(5);
}

const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;

export interface BaselineFigures {
  duplicates: { precision: number; recall: number };
  links: { precisionAt3: number; recallAt3: number };
  /** The live-site linker as wired (linkCandidates: the site-knowledge index, lexical, on the written article). */
  wiredLinks: { precisionAt3: number; recallAt3: number };
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
          ARRAY[${post.category}]::integer[], ${sqlText(sections.body.slice(0, 300))},
          ${sqlText(sections.headings.join('\n'))}, ${sqlText(sections.body)});`;
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
      const inventory = new SiteInventoryRepository(handle.db);
      const knowledge = new SiteKnowledgeService(new SiteKnowledgeRepository(handle.db), {
        embeddings: async () => null,
      });
      const linker = new LiveSiteLinker(inventory, undefined, knowledge);
      const oldIndexes = new Map<number, ReturnType<typeof buildPostIndex>>();
      const normalise = (title: string) =>
        [
          ...new Set(
            title
              .toLowerCase()
              .replace(/[^\p{L}\p{N}]+/gu, ' ')
              .trim()
              .split(' '),
          ),
        ].join(' ');

      const outcomes: DuplicateOutcome[] = [];
      for (const c of dataset.duplicates) {
        const [match] = await postsOnSiteLike(handle.db, numbers.get(c.site)!, [c.title]);
        const post = match ? dataset.posts.find((p) => p.site === c.site && p.title === match.title) : undefined;
        outcomes.push({ id: c.id, expected: c.duplicate_of, top: post?.id ?? null, score: match ? 1 : 0 });
      }

      const linkFigures = async (choose: (site: number, title: string) => Promise<number[]>) => {
        let hits = 0;
        let returned = 0;
        let recall = 0;
        for (const c of dataset.links) {
          const chosen = (await choose(numbers.get(c.site)!, c.title)).map((wpId) => postOf.get(wpId)!);
          const good = chosen.filter((id) => c.relevant.includes(id)).length;
          hits += good;
          returned += chosen.length;
          recall += c.relevant.length === 0 ? 1 : good / Math.min(3, c.relevant.length);
        }
        return { precisionAt3: ratio(hits, returned), recallAt3: ratio(recall, dataset.links.length) };
      };
      const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);
      const links = await linkFigures(async (site, title) => {
        let index = oldIndexes.get(site);
        if (!index) oldIndexes.set(site, (index = buildPostIndex(await inventory.linkablePosts(site))));
        return chooseTargets(index, normalise(title), title, 3, () => false).map((post) => post.wpId);
      });
      // As generation asks it: the written article (title, text), three links.
      const htmlOf = new Map(dataset.links.map((c) => [`${numbers.get(c.site)}:${c.title}`, c.html]));
      const wiredLinks = await linkFigures(async (site, title) =>
        (await linker.linkCandidates(site, { title, keywords: [], content: htmlOf.get(`${site}:${title}`) ?? '' })).map(
          (post) => post.wpId,
        ),
      );

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

      figures = {
        duplicates: duplicateScores(outcomes, 0.5),
        links,
        wiredLinks,
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
