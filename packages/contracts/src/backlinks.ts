import { z } from 'zod';
import { idTextSchema } from './ids.js';

/* Links from a site's older posts to a new article: proposed, approved one by one, undoable. */

export const BACKLINK_STATES = ['proposed', 'applied', 'dismissed', 'undone'] as const;
export const backlinkStateSchema = z.enum(BACKLINK_STATES);
export type BacklinkState = z.infer<typeof backlinkStateSchema>;

export const backlinkProposalSchema = z.object({
  id: z.number().int(),
  /** Null for a link between two existing posts of the site (Link orphan posts): see target_*. */
  article_id: z.number().int().nullable(),
  site_id: z.number().int(),
  /** A link between existing posts: the post linked to (null for a link to an article). */
  target_post_id: z.number().int().nullable(),
  target_title: z.string(),
  target_link: z.string(),
  /** The older post that would link to the article. */
  source_post_id: z.number().int(),
  source_title: z.string(),
  source_link: z.string(),
  /** Which body paragraph (0-based, in the post's order) and the words that carry the link. */
  paragraph_index: z.number().int(),
  paragraph_text: z.string(),
  anchor: z.string(),
  state: backlinkStateSchema,
  applied_at: z.string().nullable(),
  created_at: z.string(),
});
export type BacklinkProposal = z.infer<typeof backlinkProposalSchema>;

export const backlinkProposalListSchema = z.object({
  items: z.array(backlinkProposalSchema),
  /** Why there is nothing to propose, when there is nothing (no post yet, site never synced…). */
  note: z.string().nullable(),
});
export type BacklinkProposalList = z.infer<typeof backlinkProposalListSchema>;

export const backlinkIdParamSchema = z.object({ id: idTextSchema('id') });
