import { describe, expect, it } from 'vitest';
import { CONNECTION_CHECKS, runConnectionTest, WordPressError } from '../../src/integrations/wordpress/index.js';
import { FakeWordPress } from './fake-wordpress.js';

const lostAnswer = () => new WordPressError('network', { message: 'timed out', outcomeUnknown: true });

describe('runConnectionTest (against the in-memory fake)', () => {
  it('basic runs discovery and authentication only', async () => {
    const wp = new FakeWordPress();
    const result = await runConnectionTest(wp);
    expect(Object.keys(result.tests)).toEqual(['rest_api_discovery', 'authentication']);
    expect(result).toMatchObject({ success: true, success_rate: 1, restRoot: `${wp.baseUrl}/wp-json/` });
    expect(wp.calls).toEqual(['discover', 'getCurrentUser']);
  });

  it('enhanced runs every check and leaves nothing behind', async () => {
    const wp = new FakeWordPress();
    const result = await runConnectionTest(wp, { enhanced: true });
    expect(Object.keys(result.tests)).toEqual([...CONNECTION_CHECKS]);
    expect(result.success).toBe(true);
    expect(result.recommendations).toEqual([]);
    expect(wp.store.posts.size + wp.store.media.size).toBe(0);
    expect(wp.calls).toEqual(
      expect.arrayContaining(['posts.create', 'posts.delete', 'media.upload', 'media.delete', 'tags.list']),
    );
  });

  it('missing unfiltered_html is a warning: still a success, lower rate, with advice', async () => {
    const result = await runConnectionTest(new FakeWordPress({ capabilities: { unfiltered_html: false } }), {
      enhanced: true,
    });
    expect(result.success).toBe(true);
    expect(result.success_rate).toBeCloseTo(8 / 9, 2);
    expect(result.tests.unfiltered_html).toMatchObject({ success: false, details: { severity: 'warning' } });
    expect(result.recommendations.join(' ')).toMatch(/JSON-LD/);
  });

  it('an Author role fails capabilities and names what is missing', async () => {
    const wp = new FakeWordPress({ roles: ['author'], capabilities: { publish_pages: false, unfiltered_html: false } });
    const result = await runConnectionTest(wp, { enhanced: true });
    expect(result.success).toBe(false);
    expect(result.tests.user_capabilities?.error).toBe('Missing capabilities: publish_pages');
    expect(result.recommendations.join(' ')).toMatch(/role: author.*lacks publish_pages/);
  });

  it('bad credentials: skips what needs a login and explains the usual causes', async () => {
    const wp = new FakeWordPress({ username: 'Automated Blog Poster' });
    wp.failAlways(
      'getCurrentUser',
      new WordPressError('bad_credentials', { status: 401, wpCode: 'rest_not_logged_in', message: '401' }),
    );
    const result = await runConnectionTest(wp, { enhanced: true });
    expect(result.success).toBe(false);
    expect(result.tests.draft_post?.error).toMatch(/Skipped/);
    expect(result.tests.tags_readable?.success).toBe(true);
    const advice = result.recommendations.join('\n');
    expect(advice).toMatch(/"Automated Blog Poster": it must be the WordPress login name/);
    expect(advice).toMatch(/Authorization/);
    expect(advice).toMatch(/security or two-factor plugin/);
  });

  it('says application passwords are disabled when the index does not offer them', async () => {
    const wp = new FakeWordPress({ applicationPasswordsAdvertised: false });
    wp.failAlways('getCurrentUser', new WordPressError('bad_credentials', { status: 401, message: '401' }));
    const result = await runConnectionTest(wp, { enhanced: true });
    expect(result.recommendations[0]).toMatch(/does not offer application passwords/);
  });

  it('an unreachable site skips everything else', async () => {
    const wp = new FakeWordPress();
    wp.failAlways('checkReachability', new WordPressError('network', { message: 'ECONNREFUSED' }));
    const result = await runConnectionTest(wp, { enhanced: true });
    expect(result.success_rate).toBe(0);
    expect(wp.calls).toEqual(['checkReachability']);
    expect(Object.values(result.tests).filter((t) => t.details.skipped)).toHaveLength(CONNECTION_CHECKS.length - 1);
  });

  it('removes the test post when deleting it fails once, and reports the failure', async () => {
    const wp = new FakeWordPress();
    wp.failNext('posts.delete', new WordPressError('server_error', { status: 500, message: 'boom' }));
    const result = await runConnectionTest(wp, { enhanced: true });
    expect(result.tests.draft_post).toMatchObject({ success: false, details: { cleanup_error: null } });
    expect(wp.store.posts.size).toBe(0);
  });

  it('finds and removes a test post whose create answer was lost', async () => {
    const wp = new FakeWordPress();
    wp.failNext('posts.create', lostAnswer(), { afterApply: true });
    const result = await runConnectionTest(wp, { enhanced: true });
    expect(result.tests.draft_post?.success).toBe(false);
    expect(wp.calls).toEqual(expect.arrayContaining(['posts.findByMarker', 'posts.delete']));
    expect(wp.store.posts.size).toBe(0);
  });

  it('removes the uploaded image when the delete check fails', async () => {
    const wp = new FakeWordPress();
    wp.failNext('media.delete', new WordPressError('blocked_by_firewall', { status: 403, message: 'WAF' }));
    const result = await runConnectionTest(wp, { enhanced: true });
    expect(result.tests.media_upload?.success).toBe(false);
    expect(result.recommendations.join(' ')).toMatch(/Allow-list/);
    expect(wp.store.media.size).toBe(0);
  });
});

describe('FakeWordPress', () => {
  it('behaves like WordPress for terms, markers and capabilities', async () => {
    const wp = new FakeWordPress({ capabilities: { publish_posts: false } });
    const first = await wp.tags.getOrCreate('News');
    const again = await wp.tags.getOrCreate('news');
    expect([first.created, again.created, again.term.id]).toEqual([true, false, first.term.id]);
    const post = await wp.posts.create({ title: 'A', content: '<p>a</p>', marker: 'art-1', slug: 'a-post' });
    expect((await wp.posts.findByMarker('art-1'))?.id).toBe(post.id);
    expect((await wp.posts.findBySlug('a-post'))?.id).toBe(post.id);
    await expect(wp.posts.update(post.id, { status: 'publish' })).rejects.toMatchObject({ kind: 'missing_capability' });
    await wp.posts.delete(post.id);
    await expect(wp.posts.get(post.id)).rejects.toMatchObject({ kind: 'not_found' });
  });
});
