import { z } from 'zod';
import { escapeHtmlText } from '../../lib/plain-text.js';
import { hasMarker, markerToken, withMarker } from './marker.js';
import type { RestSession } from './rest-session.js';
import { deletedSchema, postSchema, type WpPost } from './schemas.js';
import type { ContentApi, ContentInput } from './types.js';

const postListSchema = z.array(postSchema);

/**
 * The wire form of a post: title and excerpt are plain text here, but WordPress stores them as
 * HTML that themes print unescaped (an administrator has unfiltered_html), so they are escaped.
 */
function toBody(input: Partial<ContentInput>): Record<string, unknown> {
  const { marker, content, title, excerpt, verbatim, ...fields } = input;
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) body[key] = value;
  if (title !== undefined) body.title = verbatim ? title : escapeHtmlText(title);
  if (excerpt !== undefined) body.excerpt = verbatim ? excerpt : escapeHtmlText(excerpt);
  if (content !== undefined) body.content = withMarker(content, marker);
  return body;
}

/** wp/v2/posts and wp/v2/pages behave alike for everything this app does. */
export function createContentApi(session: RestSession, type: 'posts' | 'pages'): ContentApi {
  const collection = `wp/v2/${type}`;

  const search = async (query: Record<string, string | number>): Promise<WpPost[]> =>
    session.call(postListSchema, {
      method: 'GET',
      route: collection,
      // status=any needs edit rights; context=edit returns the raw content needed to verify markers.
      query: { status: 'any', context: 'edit', per_page: 20, ...query },
      idempotent: true,
    });

  return {
    create: (input) =>
      // Not idempotent: a lost answer must be resolved with findByMarker, never by posting again.
      session.call(postSchema, { method: 'POST', route: collection, json: toBody(input), idempotent: false }),

    update: (id, input) =>
      // WordPress takes POST for edits; setting the same fields twice has the same result, so retryable.
      session.call(postSchema, { method: 'POST', route: `${collection}/${id}`, json: toBody(input), idempotent: true }),

    get: (id) =>
      session.call(postSchema, {
        method: 'GET',
        route: `${collection}/${id}`,
        query: { context: 'edit' },
        idempotent: true,
      }),

    async delete(id, options) {
      const force = options?.force ?? true;
      await session.call(force ? deletedSchema : postSchema, {
        method: 'DELETE',
        route: `${collection}/${id}`,
        query: { force },
        idempotent: true,
      });
    },

    async findBySlug(slug) {
      const found = await search({ slug });
      return found.find((post) => post.slug === slug.toLowerCase()) ?? found[0] ?? null;
    },

    async findByMarker(marker) {
      const found = await search({ search: markerToken(marker) });
      return found.find((post) => hasMarker(post.content?.raw, marker)) ?? null;
    },
  };
}
