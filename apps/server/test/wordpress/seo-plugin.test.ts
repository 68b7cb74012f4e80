import { describe, expect, it } from 'vitest';
import { identifySeoFields } from '../../src/integrations/wordpress/index.js';

describe('which SEO plugin a site runs, and which of its fields REST accepts', () => {
  it.each([
    [['wp/v2', 'rankmath/v1'], [], 'Rank Math', null, null],
    [
      ['wp/v2', 'rankmath/v1'],
      ['rank_math_description', 'rank_math_focus_keyword', 'footnotes'],
      'Rank Math',
      'rank_math_description',
      'rank_math_focus_keyword',
    ],
    [['wp/v2', 'seopress/v1'], ['_seopress_titles_desc'], 'SEOPress', '_seopress_titles_desc', null],
    [['wp/v2', 'aioseo/v1'], [], 'All in One SEO', null, null],
    // Fields registered for REST name their plugin even when its namespace is not in the index.
    [['wp/v2'], ['_yoast_wpseo_metadesc'], 'Yoast SEO', '_yoast_wpseo_metadesc', null],
    [['wp/v2', 'oembed/1.0'], ['footnotes'], null, null, null],
  ])('namespaces %j and meta %j: %s', (namespaces, metaKeys, plugin, descriptionField, keywordField) => {
    expect(identifySeoFields(namespaces, metaKeys)).toMatchObject({ plugin, descriptionField, keywordField });
  });

  it('says where the meta description goes', () => {
    expect(identifySeoFields(['seopress/v1'], ['_seopress_titles_desc']).summary).toBe(
      'SEOPress detected: the meta description is written to its field over REST; its focus keyword is not writable over REST.',
    );
    expect(identifySeoFields(['rankmath/v1'], []).summary).toBe(
      'Rank Math detected; meta description is not writable over REST — the excerpt will carry it.',
    );
  });
});
