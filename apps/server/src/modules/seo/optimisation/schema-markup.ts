import type { SeoSchemaType } from '@abp/contracts';
import { toPlainText } from '../../../lib/plain-text.js';
import { clampText } from '../shared/text.js';

export interface SiteIdentity {
  siteName: string;
  siteUrl: string;
  organizationName: string;
  description: string;
  contact: { email: string; phone: string; address: string } | null;
}

export interface Crumb {
  name: string;
  url: string;
}

export interface ArticleFacts {
  title: string;
  description: string;
  url: string;
  datePublished: Date;
  dateModified: Date;
  imageUrl: string | null;
  keywords: string[];
  /** Home → (pillar →) article. */
  breadcrumb: Crumb[];
}

export interface PageFacts {
  title: string;
  description: string;
  url: string;
  breadcrumb: Crumb[];
}

type Json = Record<string, unknown>;

// JSON-LD values are text: whatever reached us encoded ("&amp;", "&lt;") is decoded here; the
// block itself is written with jsonForScript so no value can close its <script>.
const plain = toPlainText;

const homeUrl = (site: SiteIdentity) => `${site.siteUrl.replace(/\/+$/, '')}/`;

/**
 * WordPress serves /favicon.ico from every install (the site icon, or its own logo): a logo URL
 * that always resolves. Organization's logo should be at least 112×112; an operator with a real
 * logo can replace the markup.
 */
export const logoUrl = (site: SiteIdentity) => `${homeUrl(site)}favicon.ico`;

export function organization(site: SiteIdentity): Json {
  const org: Json = {
    '@type': 'Organization',
    '@id': `${homeUrl(site)}#organization`,
    name: plain(site.organizationName || site.siteName),
    url: homeUrl(site),
    logo: { '@type': 'ImageObject', url: logoUrl(site) },
  };
  if (site.description) org.description = clampText(plain(site.description), 300);
  if (site.contact && (site.contact.email || site.contact.phone)) {
    org.contactPoint = {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      ...(site.contact.email ? { email: site.contact.email } : {}),
      ...(site.contact.phone ? { telephone: site.contact.phone } : {}),
    };
  }
  return org;
}

export function breadcrumbList(url: string, crumbs: Crumb[]): Json {
  return {
    '@type': 'BreadcrumbList',
    '@id': `${url}#breadcrumb`,
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: plain(crumb.name),
      item: crumb.url,
    })),
  };
}

function webPage(
  site: SiteIdentity,
  facts: { title: string; description: string; url: string },
  withBreadcrumb: boolean,
): Json {
  return {
    '@type': 'WebPage',
    '@id': `${facts.url}#webpage`,
    url: facts.url,
    name: plain(facts.title),
    description: plain(facts.description),
    inLanguage: 'en',
    isPartOf: { '@type': 'WebSite', '@id': `${homeUrl(site)}#website`, url: homeUrl(site), name: plain(site.siteName) },
    ...(withBreadcrumb ? { breadcrumb: { '@id': `${facts.url}#breadcrumb` } } : {}),
  };
}

/**
 * One JSON-LD @graph for an article with the requested types. Article carries what Google's
 * article rich results read: headline (≤ 110 characters), image, datePublished, dateModified,
 * author and publisher (with its logo).
 */
export function articleGraph(types: readonly SeoSchemaType[], site: SiteIdentity, facts: ArticleFacts): Json {
  const graph: Json[] = [];
  const publisher = organization(site);
  if (types.includes('Article')) {
    graph.push({
      '@type': 'Article',
      '@id': `${facts.url}#article`,
      headline: clampText(plain(facts.title), 110),
      description: plain(facts.description),
      // The featured image once WordPress has it (the graph is rebuilt after publishing); none
      // before, rather than the site's favicon, which no search engine takes for the article's image.
      ...(facts.imageUrl ? { image: [facts.imageUrl] } : {}),
      datePublished: facts.datePublished.toISOString(),
      dateModified: facts.dateModified.toISOString(),
      author: { '@type': 'Organization', name: publisher.name, url: homeUrl(site) },
      publisher: types.includes('Organization') ? { '@id': publisher['@id'] } : publisher,
      mainEntityOfPage: { '@id': `${facts.url}#webpage` },
      url: facts.url,
      ...(facts.keywords.length > 0 ? { keywords: facts.keywords.map(plain).join(', ') } : {}),
    });
  }
  if (types.includes('WebPage')) graph.push(webPage(site, facts, types.includes('BreadcrumbList')));
  if (types.includes('BreadcrumbList')) graph.push(breadcrumbList(facts.url, facts.breadcrumb));
  if (types.includes('Organization')) graph.push(publisher);
  return { '@context': 'https://schema.org', '@graph': graph };
}

/** Pages get WebPage, BreadcrumbList and Organization (the ones requested). */
export function pageGraph(types: readonly SeoSchemaType[], site: SiteIdentity, facts: PageFacts): Json | null {
  const graph: Json[] = [];
  if (types.includes('WebPage')) graph.push(webPage(site, facts, types.includes('BreadcrumbList')));
  if (types.includes('BreadcrumbList')) graph.push(breadcrumbList(facts.url, facts.breadcrumb));
  if (types.includes('Organization')) graph.push(organization(site));
  return graph.length > 0 ? { '@context': 'https://schema.org', '@graph': graph } : null;
}
