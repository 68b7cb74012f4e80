import { randomUUID } from 'node:crypto';
import { isWordPressError } from './errors.js';
import { tinyPng } from './tiny-png.js';
import type { WordPressClient } from './types.js';

/**
 * What one check reports. Probes fill `details` (owned by the caller) as they go, so that when
 * they throw, the caller still reports what happened before the failure (ids, cleanup).
 */
export interface CheckOutcome {
  success: boolean;
  error?: string | null;
}
export type Details = Record<string, unknown>;

const elapsed = (start: number): number => Math.round(performance.now() - start);

/** True when reading the item fails with not_found, i.e. the delete really removed it. */
async function isGone(read: () => Promise<unknown>): Promise<boolean> {
  try {
    await read();
    return false;
  } catch (error) {
    if (isWordPressError(error) && error.kind === 'not_found') return true;
    throw error;
  }
}

/** Best effort: a cleanup failure must not hide the error that made cleanup necessary. */
async function quietly(action: () => Promise<unknown>): Promise<string | null> {
  try {
    await action();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Creates a real draft (with the kind of HTML articles carry, which is what WAF rules react to),
 * deletes it for good and checks it is gone. The post is removed whatever fails on the way.
 */
export async function probeDraftPost(client: WordPressClient, details: Details): Promise<CheckOutcome> {
  const marker = `conntest-${randomUUID().slice(0, 12)}`;
  let postId: number | null = null;
  try {
    let start = performance.now();
    const post = await client.posts.create({
      title: 'Automated Blog Poster connection test (safe to delete)',
      content: '<h2>Connection test</h2><p>Created by <strong>Automated Blog Poster</strong>; deleted right away.</p>',
      status: 'draft',
      marker,
    });
    postId = post.id;
    Object.assign(details, { post_id: post.id, status: post.status, create_ms: elapsed(start) });
    start = performance.now();
    await client.posts.delete(post.id, { force: true });
    postId = null;
    details.delete_ms = elapsed(start);
    const removed = await isGone(() => client.posts.get(post.id));
    details.removed = removed;
    return { success: removed, error: removed ? null : `Test post ${post.id} still exists after deletion.` };
  } catch (error) {
    // The create may have happened although its answer was lost: find it by its marker.
    if (postId === null && isWordPressError(error) && error.outcomeUnknown) {
      details.cleanup_error = await quietly(async () => {
        const orphan = await client.posts.findByMarker(marker);
        if (orphan) await client.posts.delete(orphan.id, { force: true });
      });
    }
    throw error;
  } finally {
    if (postId !== null) {
      const id = postId;
      details.cleanup_error = await quietly(() => client.posts.delete(id, { force: true }));
    }
  }
}

/** Uploads a generated PNG, deletes it and checks it is gone; removed whatever fails. */
export async function probeMediaUpload(client: WordPressClient, details: Details): Promise<CheckOutcome> {
  let mediaId: number | null = null;
  try {
    let start = performance.now();
    const media = await client.media.upload({
      data: tinyPng(),
      filename: `abp-connection-test-${randomUUID().slice(0, 8)}.png`,
      mimeType: 'image/png',
    });
    mediaId = media.id;
    Object.assign(details, { media_id: media.id, mime_type: media.mime_type, upload_ms: elapsed(start) });
    start = performance.now();
    await client.media.delete(media.id);
    mediaId = null;
    details.delete_ms = elapsed(start);
    const removed = await isGone(() => client.media.get(media.id));
    details.removed = removed;
    return { success: removed, error: removed ? null : `Test image ${media.id} still exists after deletion.` };
  } finally {
    if (mediaId !== null) {
      const id = mediaId;
      details.cleanup_error = await quietly(() => client.media.delete(id));
    }
  }
}

export async function probeTerms(
  client: WordPressClient,
  taxonomy: 'categories' | 'tags',
  details: Details,
): Promise<CheckOutcome> {
  // One page proves read access; walking thousands of tags would only slow the test down.
  const terms = await client[taxonomy].list({ perPage: 100, maxPages: 1 });
  details.count_first_page = terms.length;
  return { success: true };
}
