// Checks the labelled set of issue #32 (bench/understanding/dataset/) against its format:
// every line parses, every id it names exists where it should, counts meet the minimums.
// Run: node bench/understanding/validate-dataset.mjs [datasetDir]. Exit code 1 on any problem.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), 'dataset');
const problems = [];
const problem = (where, what) => problems.push(`${where}: ${what}`);

function readJsonLines(file) {
  const text = fs.readFileSync(path.join(dir, file), 'utf8');
  const rows = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    try {
      rows.push(JSON.parse(line));
    } catch (error) {
      problem(`${file}:${i + 1}`, `not JSON (${error.message})`);
    }
  });
  return rows;
}

const words = (html) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
const isText = (v) => typeof v === 'string' && v.trim().length > 0;
const siteOf = (postId) => postId.replace(/-\d+$/, '');

// sites.json
const sites = JSON.parse(fs.readFileSync(path.join(dir, 'sites.json'), 'utf8'));
const siteById = new Map();
for (const site of sites) {
  if (!isText(site.id) || !isText(site.name) || !isText(site.url))
    problem(`site ${site.id}`, 'id, name and url are required');
  if (siteById.has(site.id)) problem(`site ${site.id}`, 'duplicate id');
  siteById.set(site.id, site);
  const n = site.categories?.length ?? 0;
  if (n < 4 || n > 8) problem(`site ${site.id}`, `${n} categories (4–8 expected)`);
  const ids = new Set(site.categories.map((c) => c.id));
  if (ids.size !== n) problem(`site ${site.id}`, 'duplicate category id');
}
if (sites.length < 5) problem('sites.json', `${sites.length} sites (at least 5 expected)`);
const hasCategory = (siteId, categoryId) => siteById.get(siteId)?.categories.some((c) => c.id === categoryId) ?? false;

// posts.jsonl
const posts = readJsonLines('posts.jsonl');
const postById = new Map();
const slugs = new Set();
for (const p of posts) {
  const where = `post ${p.id}`;
  if (postById.has(p.id)) problem(where, 'duplicate id');
  postById.set(p.id, p);
  if (!siteById.has(p.site)) problem(where, `unknown site ${p.site}`);
  if (siteOf(p.id) !== p.site) problem(where, `id prefix does not match site ${p.site}`);
  if (!isText(p.title) || !isText(p.slug) || !isText(p.html)) problem(where, 'title, slug and html are required');
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(p.slug ?? '')) problem(where, `slug "${p.slug}" is not a slug`);
  if (slugs.has(`${p.site}/${p.slug}`)) problem(where, `slug "${p.slug}" repeated on ${p.site}`);
  slugs.add(`${p.site}/${p.slug}`);
  if (!hasCategory(p.site, p.category)) problem(where, `category ${p.category} does not exist on ${p.site}`);
  if (!Array.isArray(p.tags) || !p.tags.every(isText)) problem(where, 'tags must be a list of strings');
  if (Number.isNaN(Date.parse(p.published_at)) || !/Z$/.test(p.published_at))
    problem(where, 'published_at not ISO UTC');
  const w = words(p.html ?? '');
  if (w < 150 || w > 500) problem(where, `${w} words (150–500 expected)`);
  if (!/<h[23]>/.test(p.html ?? '')) problem(where, 'no H2/H3 heading');
}
const postsPerSite = {};
for (const p of posts) postsPerSite[p.site] = (postsPerSite[p.site] ?? 0) + 1;
for (const site of sites) {
  const n = postsPerSite[site.id] ?? 0;
  if (n < 40 || n > 80) problem(`site ${site.id}`, `${n} posts (40–80 expected)`);
}
if (posts.length < 250) problem('posts.jsonl', `${posts.length} posts (at least 250 expected)`);

function checkCaseIds(rows, file, prefix) {
  const seen = new Set();
  for (const r of rows) {
    if (!new RegExp(`^${prefix}-\\d{3}$`).test(r.id ?? ''))
      problem(`${file} ${r.id}`, `id should look like ${prefix}-001`);
    if (seen.has(r.id)) problem(`${file} ${r.id}`, 'duplicate id');
    seen.add(r.id);
    if (!siteById.has(r.site)) problem(`${file} ${r.id}`, `unknown site ${r.site}`);
  }
}

// cases/duplicates.jsonl
const dups = readJsonLines('cases/duplicates.jsonl');
checkCaseIds(dups, 'duplicates', 'dup');
for (const d of dups) {
  const where = `duplicates ${d.id}`;
  if (!isText(d.title) || !isText(d.summary) || !isText(d.note)) problem(where, 'title, summary and note are required');
  if (d.duplicate_of === null) continue;
  const target = postById.get(d.duplicate_of);
  if (!target) problem(where, `duplicate_of ${d.duplicate_of} is not a post`);
  else if (target.site !== d.site && !/cross-site/i.test(d.note))
    problem(where, 'a post of another site, but the note does not say cross-site');
}
const dupCount = dups.filter((d) => d.duplicate_of !== null).length;
if (dups.length < 80) problem('duplicates', `${dups.length} cases (at least 80 expected)`);
if (dupCount < dups.length * 0.35 || dupCount > dups.length * 0.65)
  problem('duplicates', `${dupCount} of ${dups.length} are duplicates (about half expected)`);

// cases/links.jsonl
const links = readJsonLines('cases/links.jsonl');
checkCaseIds(links, 'links', 'link');
for (const l of links) {
  const where = `links ${l.id}`;
  if (!isText(l.title) || !isText(l.html)) problem(where, 'title and html are required');
  const w = words(l.html ?? '');
  if (w < 200 || w > 400) problem(where, `${w} words (200–400 expected)`);
  const rel = Array.isArray(l.relevant) ? l.relevant : [];
  if (rel.length < 2 || rel.length > 5) problem(where, `${rel.length} relevant posts (2–5 expected)`);
  if (new Set(rel).size !== rel.length) problem(where, 'a relevant post is listed twice');
  for (const id of rel) {
    const target = postById.get(id);
    if (!target) problem(where, `relevant ${id} is not a post`);
    else if (target.site !== l.site) problem(where, `relevant ${id} belongs to ${target.site}, not ${l.site}`);
  }
}
if (links.length < 50) problem('links', `${links.length} queries (at least 50 expected)`);

// cases/trends.jsonl
const trends = readJsonLines('cases/trends.jsonl');
checkCaseIds(trends, 'trends', 'trend');
for (const t of trends) {
  const where = `trends ${t.id}`;
  if (!isText(t.title) || !isText(t.description)) problem(where, 'title and description are required');
  if (!Array.isArray(t.topics) || t.topics.length === 0 || !t.topics.every(isText))
    problem(where, 'topics must be a non-empty list');
  if (typeof t.fits !== 'boolean') problem(where, 'fits must be true or false');
}
if (trends.length < 50) problem('trends', `${trends.length} items (at least 50 expected)`);

// cases/categories.jsonl
const cats = readJsonLines('cases/categories.jsonl');
checkCaseIds(cats, 'categories', 'cat');
for (const c of cats) {
  const where = `categories ${c.id}`;
  if (!isText(c.title) || !isText(c.html)) problem(where, 'title and html are required');
  if (!hasCategory(c.site, c.category)) problem(where, `category ${c.category} does not exist on ${c.site}`);
}
if (cats.length < 50) problem('categories', `${cats.length} articles (at least 50 expected)`);

const cases = dups.length + links.length + trends.length + cats.length;
if (cases < 200) problem('cases', `${cases} labelled cases (at least 200 expected)`);

// Counts per file and per site, for the README and reports.
const perSite = (rows) => Object.fromEntries(sites.map((s) => [s.id, rows.filter((r) => r.site === s.id).length]));
console.table({
  posts: perSite(posts),
  duplicates: perSite(dups),
  links: perSite(links),
  trends: perSite(trends),
  categories: perSite(cats),
});
console.log(
  `${posts.length} posts; ${cases} cases: ${dups.length} duplicates (${dupCount} duplicate, ${dups.length - dupCount} not), ` +
    `${links.length} links, ${trends.length} trends (${trends.filter((t) => t.fits).length} fit), ${cats.length} categories`,
);
if (problems.length > 0) {
  console.error(`${problems.length} problem(s):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('dataset OK');
