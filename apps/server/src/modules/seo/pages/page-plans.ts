import type { OutlineData, SitePageType } from '@abp/contracts';
import { slugify, titleCase } from '../shared/text.js';

/** One page to write: what it is for, before any copy exists. */
export interface PagePlan {
  pageType: string;
  title: string;
  slug: string;
  targetKeywords: string[];
  /** For hub pages: the pillar they gather. */
  pillarTitle?: string;
}

export interface PageContext {
  niche: string;
  companyName: string;
  /** Keywords of the project, primary ones first. */
  keywords: string[];
}

const FIXED_SLUGS: Record<SitePageType, string> = {
  home: 'home',
  about: 'about',
  services: 'services',
  resources: 'resources',
  contact: 'contact',
  privacy: 'privacy-policy',
  terms: 'terms-of-service',
};

export function sitePagePlan(type: SitePageType, context: PageContext): PagePlan {
  const company = context.companyName || titleCase(context.niche);
  const niche = titleCase(context.niche);
  const titles: Record<SitePageType, string> = {
    home: company,
    about: `About ${company}`,
    services: `${niche} Services`,
    resources: `${niche} Resources`,
    contact: `Contact ${company}`,
    privacy: 'Privacy Policy',
    terms: 'Terms of Service',
  };
  const legal = type === 'privacy' || type === 'terms';
  return { pageType: type, title: titles[type], slug: FIXED_SLUGS[type], targetKeywords: legal ? [] : context.keywords.slice(0, 3) };
}

/**
 * The site structure generate-pages writes: the core pages, one hub page per pillar of the
 * outline, and (includeOptional) resources, FAQ and blog pages.
 */
export function structurePlans(context: PageContext, outline: OutlineData, includeOptional: boolean): PagePlan[] {
  const core = (['home', 'about', 'services', 'contact'] as const).map((type) => sitePagePlan(type, context));
  const hubs = outline.pillar_posts.map((pillar): PagePlan => {
    const keyword = pillar.target_keywords[0] ?? pillar.title;
    return { pageType: 'pillar_hub', title: `${titleCase(keyword)} Hub`, slug: `${slugify(keyword, 60)}-hub`, targetKeywords: pillar.target_keywords.slice(0, 3), pillarTitle: pillar.title };
  });
  const optional: PagePlan[] = includeOptional
    ? [
        sitePagePlan('resources', context),
        { pageType: 'faq', title: `${titleCase(context.niche)} FAQ`, slug: 'faq', targetKeywords: context.keywords.slice(0, 2) },
        { pageType: 'blog', title: 'Blog', slug: 'blog', targetKeywords: context.keywords.slice(0, 1) },
      ]
    : [];
  const seen = new Set<string>();
  return [...core, ...hubs, ...optional].filter((plan) => {
    if (seen.has(plan.slug)) return false;
    seen.add(plan.slug);
    return true;
  });
}
