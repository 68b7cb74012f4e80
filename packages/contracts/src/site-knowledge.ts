import { z } from 'zod';
import { pageLimitSchema } from './paging.js';

/* Site knowledge (issue #32): what a site's index knows, for the operator to look into. */

export const KNOWLEDGE_QUERY_MAX_LENGTH = 500;

export const knowledgeSearchQuerySchema = z.object({
  /** A subject, a title or a sentence: what the site's posts are compared with. */
  q: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(KNOWLEDGE_QUERY_MAX_LENGTH, `must be at most ${KNOWLEDGE_QUERY_MAX_LENGTH} characters`),
  limit: pageLimitSchema(50, 10),
});
export type KnowledgeSearchQuery = z.infer<typeof knowledgeSearchQuerySchema>;

export const knowledgeSearchResultSchema = z.object({
  /** 'post:12', 'page:3' (WordPress ids) or 'article:45' (the app's own article). */
  key: z.string(),
  kind: z.enum(['post', 'page', 'article']),
  title: z.string(),
  link: z.string(),
  category_ids: z.array(z.number().int()),
  /** How well it fits, 0–1 (lexical, or hybrid with embeddings). */
  score: z.number(),
  /**
   * The parts of the score: the terms' (their cosine, mixed with how much of the query the
   * document covers), the title's, the embeddings' (null without one).
   */
  lexical: z.number(),
  title_score: z.number(),
  vector: z.number().nullable(),
  /** At or above the duplicate threshold: a new article on this subject would repeat it. */
  duplicate: z.boolean(),
});

export const knowledgeSearchSchema = z.object({
  site_id: z.number().int(),
  /** Documents in the site's index (inventory posts and pages, the app's articles) and how many have a vector. */
  documents: z.number().int(),
  vectors: z.number().int(),
  /** 'hybrid' when the query and the site's documents have embeddings, else 'lexical'. */
  mode: z.enum(['lexical', 'hybrid']),
  results: z.array(knowledgeSearchResultSchema),
});
export type KnowledgeSearch = z.infer<typeof knowledgeSearchSchema>;
