import { z } from 'zod';
import { escapeHtmlText } from '../../lib/plain-text.js';
import type { RestSession } from './rest-session.js';
import { deletedSchema, mediaSchema } from './schemas.js';
import type { MediaApi, MediaUpload } from './types.js';

/** ASCII fallback plus RFC 5987 filename* so non-ASCII names survive PHP's header parsing. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Plain text in, HTML on the wire: themes print the attachment's title, caption and alt as stored. */
function describedFields(file: MediaUpload): Record<string, string> {
  const fields: Record<string, string> = {};
  if (file.altText !== undefined) fields.alt_text = escapeHtmlText(file.altText);
  if (file.title !== undefined) fields.title = escapeHtmlText(file.title);
  if (file.caption !== undefined) fields.caption = escapeHtmlText(file.caption);
  return fields;
}

export function createMediaApi(session: RestSession): MediaApi {
  const timeoutMs = session.mediaTimeoutMs;

  return {
    async upload(file, options) {
      const fields = describedFields(file);
      // A copy typed on a plain ArrayBuffer, which is what fetch and Blob accept (a Buffer may be pooled).
      const bytes = new Uint8Array(file.data);
      if ((options?.mode ?? 'raw') === 'multipart') {
        const form = new FormData();
        form.append('file', new Blob([bytes], { type: file.mimeType }), file.filename);
        for (const [key, value] of Object.entries(fields)) form.append(key, value);
        return session.call(mediaSchema, {
          method: 'POST',
          route: 'wp/v2/media',
          body: form,
          idempotent: false,
          timeoutMs,
        });
      }
      const created = await session.call(mediaSchema, {
        method: 'POST',
        route: 'wp/v2/media',
        body: bytes,
        headers: { 'Content-Type': file.mimeType, 'Content-Disposition': contentDisposition(file.filename) },
        idempotent: false,
        timeoutMs,
      });
      if (Object.keys(fields).length === 0) return created;
      // A raw upload carries only the file; alt text and title are set on the new item afterwards.
      return session.call(mediaSchema, {
        method: 'POST',
        route: `wp/v2/media/${created.id}`,
        json: fields,
        idempotent: true,
      });
    },

    get: (id) =>
      session.call(mediaSchema, {
        method: 'GET',
        route: `wp/v2/media/${id}`,
        query: { context: 'edit' },
        idempotent: true,
      }),

    async findBySlug(slug) {
      const items = await session.call(z.array(mediaSchema), {
        method: 'GET',
        route: 'wp/v2/media',
        query: { slug, context: 'edit', per_page: 1 },
        idempotent: true,
      });
      return items.find((item) => item.slug === slug) ?? null;
    },

    attach: (id, postId) =>
      session.call(mediaSchema, {
        method: 'POST',
        route: `wp/v2/media/${id}`,
        json: { post: postId },
        idempotent: true,
      }),

    async delete(id) {
      // Attachments do not support the trash over REST (501 rest_trash_not_supported without force).
      await session.call(deletedSchema, {
        method: 'DELETE',
        route: `wp/v2/media/${id}`,
        query: { force: true },
        idempotent: true,
      });
    },
  };
}
