import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { canonicalSiteUrl, parseRetryAfter } from '../../src/integrations/wordpress/classify-failure.js';
import { redactUrl, WordPressError } from '../../src/integrations/wordpress/errors.js';
import { hasMarker, markerComment, withMarker } from '../../src/integrations/wordpress/marker.js';
import { normaliseBaseUrl, restRootFromLinkHeader, routeUrl } from '../../src/integrations/wordpress/rest-url.js';
import { nextDelayMs, WORDPRESS_TRANSPORT_RETRY } from '../../src/integrations/wordpress/retry-policy.js';
import { tinyPng } from '../../src/integrations/wordpress/tiny-png.js';

describe('Retry-After and backoff', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it('uses full jitter under an exponential ceiling, and stops on permanent kinds', () => {
    const policy = {
      ...WORDPRESS_TRANSPORT_RETRY,
      baseDelayMs: 100,
      maxDelayMs: 300,
      maxAttempts: 5,
      random: () => 0.999,
    };
    const flaky = new WordPressError('server_error', { message: 'x' });
    expect([1, 2, 3, 4].map((attempt) => nextDelayMs(policy, flaky, attempt))).toEqual([99, 199, 299, 299]);
    expect(nextDelayMs(policy, flaky, 5)).toBeNull();
    expect(nextDelayMs({ ...policy, random: () => 0 }, flaky, 3)).toBe(0);
    expect(nextDelayMs(policy, new WordPressError('bad_credentials', { message: 'x' }), 1)).toBeNull();
    expect(nextDelayMs(policy, new WordPressError('rate_limited', { message: 'x', retryAfterSeconds: 2 }), 1)).toBe(
      2000,
    );
  });
});

describe('URLs', () => {
  it('builds routes under both root shapes', () => {
    expect(routeUrl('https://s.test/wp-json/', '/wp/v2/posts', { per_page: 5, skip: undefined })).toBe(
      'https://s.test/wp-json/wp/v2/posts?per_page=5',
    );
    expect(routeUrl('https://s.test/blog/wp-json', 'wp/v2/tags')).toBe('https://s.test/blog/wp-json/wp/v2/tags');
    expect(routeUrl('https://s.test/index.php?rest_route=/', 'wp/v2/posts/3', { force: true })).toBe(
      'https://s.test/index.php?rest_route=%2Fwp%2Fv2%2Fposts%2F3&force=true',
    );
  });

  it('reads the REST root from a Link header among others', () => {
    const header =
      '<https://s.test/wp-json/wp/v2/pages/2>; rel="alternate"; type="application/json", <https://s.test/wp-json/>; rel="https://api.w.org/"';
    expect(restRootFromLinkHeader(header, 'https://s.test/')).toBe('https://s.test/wp-json/');
    expect(restRootFromLinkHeader('<https://s.test/?p=2>; rel=shortlink', 'https://s.test/')).toBeNull();
  });

  it('normalises the site URL and keeps credentials out of messages', () => {
    expect(normaliseBaseUrl(' https://user:pw@Site.test/blog/?x=1#top ')).toBe('https://site.test/blog');
    expect(() => normaliseBaseUrl('ftp://site.test')).toThrow(/http/);
    expect(redactUrl('https://user:secret@s.test/wp-json/wp/v2/posts?password=secret')).toBe(
      'https://s.test/wp-json/wp/v2/posts',
    );
  });

  it('derives the canonical site address from a redirect', () => {
    expect(
      canonicalSiteUrl('http://s.test/blog/wp-json/wp/v2/posts', 'https://www.s.test/blog/wp-json/wp/v2/posts'),
    ).toBe('https://www.s.test/blog/');
    expect(canonicalSiteUrl('http://s.test/?rest_route=/wp/v2/posts', 'https://s.test/?rest_route=/wp/v2/posts')).toBe(
      'https://s.test/',
    );
  });
});

describe('ownership marker', () => {
  it('is embedded once as an HTML comment and matched exactly', () => {
    const content = withMarker('<p>Body</p>', 'article-42');
    expect(content).toBe('<p>Body</p>\n<!-- abp:ref:article-42 -->');
    expect(withMarker(content, 'article-42')).toBe(content);
    expect(hasMarker(content, 'article-42')).toBe(true);
    expect(hasMarker(content, 'article-4')).toBe(false);
    expect(() => markerComment('-bad marker')).toThrow();
  });
});

describe('tinyPng', () => {
  it('builds a valid PNG whose pixels decompress to the stated size', () => {
    const png = Buffer.from(tinyPng(4));
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBe(4); // IHDR width
    const idatLength = png.readUInt32BE(33);
    expect(png.toString('ascii', 37, 41)).toBe('IDAT');
    expect(inflateSync(png.subarray(41, 41 + idatLength))).toHaveLength(4 * (1 + 4 * 3));
  });
});
