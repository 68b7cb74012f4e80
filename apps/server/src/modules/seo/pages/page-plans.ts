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
  /** The project has an email, phone or address: without one a Contact page would have nothing to say. */
  hasContact: boolean;
}

/** Said when a Contact page is left out (issue #18 item 10). */
export const CONTACT_SKIPPED =
  'No Contact page was generated: the project has no email, phone or address. Add them under Site Pages in Review & Publish, then generate the Contact page.';

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
  return {
    pageType: type,
    title: titles[type],
    slug: FIXED_SLUGS[type],
    targetKeywords: legal ? [] : context.keywords.slice(0, 3),
  };
}

/**
 * The site structure generate-pages writes: the core pages, one hub page per pillar of the
 * outline, and (includeOptional) resources, FAQ and blog pages.
 */
export function structurePlans(context: PageContext, outline: OutlineData, includeOptional: boolean): PagePlan[] {
  const core = (['home', 'about', 'services', ...(context.hasContact ? (['contact'] as const) : [])] as const).map(
    (type) => sitePagePlan(type, context),
  );
  const hubs = distinctHubs(
    outline.pillar_posts.map((pillar): PagePlan => {
      const keyword = pillar.target_keywords[0] ?? pillar.title;
      return {
        pageType: 'pillar_hub',
        title: `${titleCase(keyword)} Hub`,
        slug: `${slugify(keyword, 60)}-hub`,
        targetKeywords: pillar.target_keywords.slice(0, 3),
        pillarTitle: pillar.title,
      };
    }),
  );
  const optional: PagePlan[] = includeOptional
    ? [
        sitePagePlan('resources', context),
        {
          pageType: 'faq',
          title: `${titleCase(context.niche)} FAQ`,
          slug: 'faq',
          targetKeywords: context.keywords.slice(0, 2),
        },
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

const HUB_FILLER = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'of',
  'for',
  'to',
  'in',
  'on',
  'with',
  'your',
  'guide',
  'tips',
  'ideas',
  'basics',
  'best',
  'complete',
  'ultimate',
  'how',
  'what',
  'why',
]);
const hubWords = (plan: PagePlan) =>
  new Set(
    plan.slug
      .replace(/-hub$/, '')
      .split('-')
      .filter((w) => w && !HUB_FILLER.has(w)),
  );

/**
 * One hub per subject (issue #18 item 10): pillars of one niche often share their keyword
 * ("organic gardening", "organic gardening tips", "guide to organic gardening"); a hub whose
 * subject words are all in an earlier hub's is the same page and is dropped.
 */
function distinctHubs(hubs: PagePlan[]): PagePlan[] {
  const kept: { plan: PagePlan; words: Set<string> }[] = [];
  for (const plan of hubs) {
    const words = hubWords(plan);
    const same = kept.some((k) => [...words].every((w) => k.words.has(w)) || [...k.words].every((w) => words.has(w)));
    if (!same || words.size === 0) kept.push({ plan, words });
  }
  return kept.map((k) => k.plan);
}
