import { z } from 'zod';
import type { LanguageModelProvider } from '../../integrations/llm/index.js';
import { findElements, parseHtml } from '../../lib/html/html-tree.js';
import { escapeHtmlText } from '../../lib/plain-text.js';
import { UsageCollector, withUsageScope } from '../usage/usage-scope.js';
import { type ProposedChange, plainContext } from './proposals.js';
import { staleYearPhrases } from './year-phrases.js';

/*
 * The model's changes of a refresh proposal (issue #36 §2), with the app's provider chain (metered
 * into the usage ledger like every call; source 'other', job "refresh:<site>:<post>"):
 *   - facts: the body paragraphs whose words claim a present that is past ("in 2024 prices rose"),
 *     at most MAX_FACT_PARAGRAPHS, each rewritten by the model as a span of the paragraph's inner
 *     markup; a rewrite that loses or adds a link is not proposed (links are the mechanical rules');
 *   - a clearer title and meta description (the excerpt), each a whole-field change.
 * Each call is estimated before (prompt characters / 4 and its answer budget at the model's price)
 * and costed after (what the ledger recorded for it). The offline writer proposes none of these.
 */

export const MAX_FACT_PARAGRAPHS = 3;
const FACTS_MAX_TOKENS = 1_500;
const TITLE_MAX_TOKENS = 300;

export interface ModelPorts {
  provider(): Promise<LanguageModelProvider>;
  /** The model's price (USD per million tokens), null when unpriced. */
  priceOf(provider: string, model: string): Promise<{ input_per_million: number; output_per_million: number } | null>;
}

export interface ModelChangesResult {
  changes: ProposedChange[];
  estimatedUsd: number;
  costUsd: number;
}

const factsSchema = z.object({
  paragraphs: z.array(
    z.object({
      number: z.number().int().describe('The paragraph number as given'),
      html: z.string().describe('The paragraph, updated; the same HTML tags and links'),
      reason: z.string().describe('What was out of date, in one sentence'),
    }),
  ),
});

const titleSchema = z.object({
  title: z.string().describe('A clearer title, plain text, or the same title'),
  title_reason: z.string(),
  meta_description: z.string().describe('A meta description of 120-160 characters, plain text'),
  meta_reason: z.string(),
});

const SYSTEM =
  'You are the editor of a blog, refreshing an older post. You change only what is out of date or unclear, keep the author’s voice, and never invent facts: when unsure, keep the text as it is.';

const usd = (nanos: number) => nanos / 1e9;

export async function modelChanges(
  ports: ModelPorts,
  post: { siteId: number; wpId: number; content: string; title: string; excerpt: string; modifiedAt: Date | null },
  today: Date,
  /** Content spans the mechanical rules already change (a paragraph holding one is left to them). */
  taken: readonly ProposedChange[],
): Promise<ModelChangesResult> {
  const provider = await ports.provider();
  const result: ModelChangesResult = { changes: [], estimatedUsd: 0, costUsd: 0 };
  if (provider.isOffline) return result;
  const price = await ports.priceOf(provider.providerId, provider.model);
  const estimate = (prompt: string, maxTokens: number) =>
    price
      ? usd(
          Math.ceil((SYSTEM.length + prompt.length) / 4) * Math.round(price.input_per_million * 1000) +
            maxTokens * Math.round(price.output_per_million * 1000),
        )
      : 0;
  const call = async <T>(step: string, prompt: string, schema: z.ZodType<T>, maxTokens: number) => {
    const collector = new UsageCollector();
    const estimated = estimate(prompt, maxTokens);
    result.estimatedUsd += estimated;
    const answer = await withUsageScope(
      { source: 'other', siteId: post.siteId, jobRef: `refresh:${post.siteId}:${post.wpId}`, step, collector },
      () => provider.generateObject({ system: SYSTEM, prompt, schema, schemaName: step, maxTokens, temperature: 0.2 }),
    );
    const cost = usd(collector.takeStep(step)?.costNanos ?? 0);
    result.costUsd += cost;
    return { object: answer.object, cost };
  };

  // Facts: paragraphs with a stale claim about the present, not touched by a mechanical change.
  const doc = parseHtml(post.content, { positions: true });
  const paragraphs: Array<{ start: number; inner: string }> = [];
  for (const p of findElements(doc, (el) => el.name === 'p' || el.name === 'li')) {
    if (paragraphs.length >= MAX_FACT_PARAGRAPHS) break;
    if (p.startIndex === null || p.endIndex === null || p.children.length === 0) continue;
    const first = p.children[0]!;
    const last = p.children.at(-1)!;
    if (first.startIndex === null || last.endIndex === null) continue;
    const start = first.startIndex;
    const end = last.endIndex + 1;
    if (taken.some((c) => c.field === 'content' && c.start < end && start < c.start + c.before.length)) continue;
    const inner = post.content.slice(start, end);
    const text = inner.replace(/<[^>]*>/g, ' ');
    if (staleYearPhrases({ title: '', text, modifiedAt: post.modifiedAt }, today).length === 0) continue;
    paragraphs.push({ start, inner });
  }
  if (paragraphs.length > 0) {
    const prompt = [
      `Today is ${today.toISOString().slice(0, 10)}. The post was last updated ${post.modifiedAt?.toISOString().slice(0, 10) ?? 'long ago'}.`,
      'These paragraphs state things about a present that has passed. Update each statement that is out of date, or keep a paragraph exactly as it is when it is history or you do not know better.',
      'Keep every HTML tag, attribute and link exactly; change only words.',
      '',
      ...paragraphs.map((p, i) => `${i + 1}. ${p.inner}`),
    ].join('\n');
    const { object, cost } = await call('refresh_facts', prompt, factsSchema, FACTS_MAX_TOKENS);
    const made: ProposedChange[] = [];
    for (const answer of object.paragraphs) {
      const paragraph = paragraphs[answer.number - 1];
      if (!paragraph || !answer.html.trim() || answer.html === paragraph.inner) continue;
      // The model may change words only: a rewrite whose tags differ in any way (a link lost or added,
      // an attribute, an element such as <script> or <img onerror>) is not proposed — model text is
      // never trusted as markup for a live site.
      if (!sameMarkup(paragraph.inner, answer.html)) continue;
      const context = plainContext(post.content, paragraph.start, paragraph.start + paragraph.inner.length);
      made.push({
        kind: 'facts',
        field: 'content',
        reason: answer.reason.trim() || 'A statement about the present is out of date.',
        start: paragraph.start,
        before: paragraph.inner,
        after: answer.html,
        context_before: context.before,
        context_after: context.after,
      });
    }
    for (const change of made) change.cost_usd = cost / made.length;
    result.changes.push(...made);
  }

  // A clearer title and meta description (the excerpt): whole fields, plain text escaped for WordPress.
  const plainTitle = post.title.replace(/<[^>]*>/g, '');
  const prompt = [
    `Today is ${today.toISOString().slice(0, 10)}.`,
    `Title: ${plainTitle}`,
    `Meta description: ${post.excerpt.replace(/<[^>]*>/g, '').trim() || '(none)'}`,
    `Post (start): ${post.content
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .slice(0, 2_000)}`,
    '',
    'Propose a clearer title (keep it when it is clear; use this year for a dated label) and a meta description of 120–160 characters, plain text.',
  ].join('\n');
  const { object, cost } = await call('refresh_title', prompt, titleSchema, TITLE_MAX_TOKENS);
  const made: ProposedChange[] = [];
  const title = object.title.trim();
  if (title && title !== plainTitle && title.length <= 200)
    made.push({
      kind: 'title',
      field: 'title',
      reason: object.title_reason.trim() || 'A clearer title.',
      start: 0,
      before: post.title,
      after: escapeHtmlText(title),
      context_before: '',
      context_after: '',
    });
  const meta = object.meta_description.trim();
  if (meta && meta !== post.excerpt.trim() && meta.length <= 320)
    made.push({
      kind: 'meta_description',
      field: 'excerpt',
      reason: object.meta_reason.trim() || 'A meta description that says what the post gives.',
      start: 0,
      before: post.excerpt,
      after: escapeHtmlText(meta),
      context_before: '',
      context_after: '',
    });
  for (const change of made) change.cost_usd = cost / made.length;
  result.changes.push(...made);
  return result;
}

/** Whether two fragments carry exactly the same tags, in order, with no stray angle bracket in their text. */
function sameMarkup(before: string, after: string): boolean {
  const tags = (html: string) => html.match(/<[^<>]*>/g) ?? [];
  const text = (html: string) => html.replace(/<[^<>]*>/g, '');
  if (/[<>]/.test(text(after))) return false;
  const [a, b] = [tags(before), tags(after)];
  return a.length === b.length && a.every((tag, i) => tag === b[i]);
}
