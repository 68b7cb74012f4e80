import { z } from 'zod';

/*
 * Schemas for the parts of wp/v2 answers this app reads. They are loose on purpose: unknown fields
 * pass through (plugins add many) and only what we rely on is required, so a plugin adding a
 * field never breaks publishing while a missing id still fails loudly.
 */

/** `{ rendered, raw? }` — raw only comes with context=edit. */
const renderedField = z.looseObject({ rendered: z.string().default(''), raw: z.string().optional() });

export const wpErrorBodySchema = z.looseObject({
  code: z.string(),
  message: z.string().default(''),
  data: z.unknown().optional(),
});
export type WpErrorBody = z.infer<typeof wpErrorBodySchema>;

export const termExistsDataSchema = z.looseObject({ term_id: z.coerce.number().int().positive() });

export const restIndexSchema = z.looseObject({
  name: z.string().optional(),
  url: z.string().optional(),
  home: z.string().optional(),
  namespaces: z.array(z.string()),
  // An empty PHP array is serialised as [] rather than {}.
  authentication: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
});
export type WpRestIndex = z.infer<typeof restIndexSchema>;

export const userSchema = z.looseObject({
  id: z.number().int(),
  username: z.string().optional(),
  name: z.string().default(''),
  slug: z.string().optional(),
  email: z.string().optional(),
  roles: z.array(z.string()).default([]),
  capabilities: z.record(z.string(), z.boolean()).default({}),
});
export type WpUser = z.infer<typeof userSchema>;

export const postSchema = z.looseObject({
  id: z.number().int(),
  type: z.string().optional(),
  slug: z.string().default(''),
  status: z.string(),
  link: z.string().default(''),
  date_gmt: z.string().nullable().optional(),
  modified_gmt: z.string().nullable().optional(),
  title: renderedField.optional(),
  content: renderedField.optional(),
  excerpt: renderedField.optional(),
  featured_media: z.number().int().optional(),
  parent: z.number().int().optional(),
  categories: z.array(z.number().int()).optional(),
  tags: z.array(z.number().int()).optional(),
});
export type WpPost = z.infer<typeof postSchema>;

/** A post or page as the site inventory reads it (`_fields`: no content). */
export const postSummarySchema = z.looseObject({
  id: z.number().int(),
  type: z.string().optional(),
  slug: z.string().default(''),
  status: z.string().default(''),
  link: z.string().default(''),
  date_gmt: z.string().nullable().optional(),
  modified_gmt: z.string().nullable().optional(),
  title: renderedField.optional(),
  excerpt: renderedField.optional(),
  /** The stored content (context=edit, `content.raw` only: WordPress then skips rendering it). */
  content: renderedField.optional(),
  categories: z.array(z.number().int()).optional(),
  tags: z.array(z.number().int()).optional(),
  author: z.number().int().optional(),
});
export type WpPostSummary = z.infer<typeof postSummarySchema>;

export const authorSchema = z.looseObject({
  id: z.number().int(),
  name: z.string().default(''),
  slug: z.string().default(''),
});
export type WpAuthor = z.infer<typeof authorSchema>;

export const mediaSchema = z.looseObject({
  id: z.number().int(),
  slug: z.string().default(''),
  status: z.string().optional(),
  link: z.string().default(''),
  source_url: z.string(),
  mime_type: z.string().default(''),
  media_type: z.string().optional(),
  alt_text: z.string().default(''),
  title: renderedField.optional(),
  /** The post the item is attached to (0 or absent: "Unattached" in the media library). */
  post: z.number().int().nullable().optional(),
});
export type WpMedia = z.infer<typeof mediaSchema>;

export const termSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  taxonomy: z.string().optional(),
  count: z.number().int().default(0),
  parent: z.number().int().optional(),
  link: z.string().optional(),
});
export type WpTerm = z.infer<typeof termSchema>;

/** DELETE with force=true answers `{ deleted: true, previous: {...} }`. */
export const deletedSchema = z.looseObject({ deleted: z.boolean(), previous: z.unknown().optional() });

/**
 * OPTIONS wp/v2/posts: the route's schema; only the post meta registered for REST is read. PHP
 * encodes an empty map as [] (no meta registered), so a list is accepted and means none.
 */
const metaProperties = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown()).transform(() => ({}))]);
export const postsRouteSchema = z
  .object({
    schema: z
      .object({
        properties: z
          .object({ meta: z.object({ properties: metaProperties.optional() }).passthrough().optional() })
          .passthrough()
          .optional(),
      })
      .passthrough()
      .optional(),
  })
  .passthrough();
