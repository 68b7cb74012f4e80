/*
 * Which SEO plugin a site runs, and whether its meta description and focus keyword can be written
 * through the REST API. The REST index lists each plugin's namespace; the posts route's schema
 * (OPTIONS wp/v2/posts) lists the post meta registered for REST. Most SEO plugins do not register
 * their fields there, and then the post's excerpt carries the meta description (themes and the
 * plugins themselves fall back to it).
 */

interface KnownSeoPlugin {
  name: string;
  namespaces: readonly string[];
  descriptionKeys: readonly string[];
  keywordKeys: readonly string[];
}

const KNOWN: readonly KnownSeoPlugin[] = [
  {
    name: 'Yoast SEO',
    namespaces: ['yoast/v1'],
    descriptionKeys: ['_yoast_wpseo_metadesc'],
    keywordKeys: ['_yoast_wpseo_focuskw'],
  },
  {
    name: 'Rank Math',
    namespaces: ['rankmath/v1'],
    descriptionKeys: ['rank_math_description'],
    keywordKeys: ['rank_math_focus_keyword'],
  },
  {
    name: 'All in One SEO',
    namespaces: ['aioseo/v1'],
    descriptionKeys: ['_aioseo_description'],
    keywordKeys: ['_aioseo_keywords'],
  },
  {
    name: 'SEOPress',
    namespaces: ['seopress/v1'],
    descriptionKeys: ['_seopress_titles_desc'],
    keywordKeys: ['_seopress_analysis_target_kw'],
  },
  {
    name: 'The SEO Framework',
    namespaces: ['tsf/v1', 'the-seo-framework/v1'],
    descriptionKeys: ['_genesis_description'],
    keywordKeys: [],
  },
];

export interface SeoFields {
  /** The plugin's name, or null when none is recognised. */
  plugin: string | null;
  /** The post meta keys writable through REST, or null. */
  descriptionField: string | null;
  keywordField: string | null;
  /** What was found, for the operator. */
  summary: string;
}

/** Reads the plugin from the REST index's namespaces and the writable fields from the posts schema's meta keys. */
export function identifySeoFields(namespaces: readonly string[], metaKeys: readonly string[]): SeoFields {
  const plugin =
    KNOWN.find((known) => known.namespaces.some((ns) => namespaces.includes(ns))) ??
    // A plugin that registered its fields for REST but whose namespace is hidden is still recognised by them.
    KNOWN.find((known) => [...known.descriptionKeys, ...known.keywordKeys].some((key) => metaKeys.includes(key)));
  if (!plugin) {
    return {
      plugin: null,
      descriptionField: null,
      keywordField: null,
      summary: 'No SEO plugin detected: the excerpt will carry the meta description.',
    };
  }
  const descriptionField = plugin.descriptionKeys.find((key) => metaKeys.includes(key)) ?? null;
  const keywordField = plugin.keywordKeys.find((key) => metaKeys.includes(key)) ?? null;
  let summary: string;
  if (descriptionField && keywordField)
    summary = `${plugin.name} detected: the meta description and the focus keyword are written to its fields over REST.`;
  else if (descriptionField)
    summary = `${plugin.name} detected: the meta description is written to its field over REST; its focus keyword is not writable over REST.`;
  else summary = `${plugin.name} detected; meta description is not writable over REST — the excerpt will carry it.`;
  return { plugin: plugin.name, descriptionField, keywordField, summary };
}
