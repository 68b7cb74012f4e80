import { z } from 'zod';
import { positiveId } from './fields.js';

export const deletePreviewSchema = z.object({
  project: z.object({ id: z.number().int(), project_name: z.string() }),
  relatedData: z.object({
    seo_project_articles: z.number().int(),
    generated_articles: z.number().int(),
    seo_project_logs: z.number().int(),
    keyword_research: z.number().int(),
    seo_pages: z.number().int(),
    wordpress_posts: z.number().int(),
    wordpress_pages: z.number().int(),
    /** Featured images of those posts in WordPress' media library (removed with them). */
    wordpress_media: z.number().int(),
  }),
  /** True while articles of the project are queued or being written: deleting needs force. */
  active: z.boolean(),
});
export type DeletePreview = z.infer<typeof deletePreviewSchema>;

const deleteOptions = {
  deleteGeneratedArticles: z.boolean().default(true),
  deleteWordPressPosts: z.boolean().default(false),
  /**
   * With deleteWordPressPosts: delete the posts and pages for good. By default they go to the
   * WordPress trash, where they can be restored (their featured images are deleted either way:
   * WordPress keeps no trash for media).
   */
  deletePermanently: z.boolean().default(false),
  force: z.boolean().default(false),
};

/** DELETE /api/seo-suite/projects/{id}: without a token it answers confirmation_required. */
export const deleteProjectRequestSchema = z
  .object({ confirmationToken: z.string().trim().max(500).optional(), ...deleteOptions })
  .prefault({});
export type DeleteProjectRequest = z.input<typeof deleteProjectRequestSchema>;

export const deletedCountsSchema = z.object({
  seo_project_articles: z.number().int(),
  generated_articles: z.number().int(),
  seo_project_logs: z.number().int(),
  keyword_research: z.number().int(),
  seo_pages: z.number().int(),
  wordpress_posts: z.number().int(),
  wordpress_pages: z.number().int(),
  wordpress_media: z.number().int(),
});

export const deleteProjectResponseSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('confirmation_required'),
    confirmationToken: z.string(),
    expires_at: z.string(),
    message: z.string(),
    preview: deletePreviewSchema,
  }),
  z.object({
    status: z.literal('deleted'),
    success: z.literal(true),
    message: z.string(),
    deleted: deletedCountsSchema,
  }),
]);
export type DeleteProjectResponse = z.infer<typeof deleteProjectResponseSchema>;

/** POST /api/seo-suite/delete-projects. */
export const deleteProjectsRequestSchema = z.object({
  projectIds: z.array(positiveId('projectIds')).min(1, 'projectIds: select at least one project').max(500),
  ...deleteOptions,
});
export type DeleteProjectsRequest = z.input<typeof deleteProjectsRequestSchema>;
export const deleteProjectsResponseSchema = z.object({
  success: z.boolean(),
  deleted_count: z.number().int(),
  errors: z.array(z.object({ project_id: z.number().int(), error: z.string() })),
});
export type DeleteProjectsResponse = z.infer<typeof deleteProjectsResponseSchema>;
