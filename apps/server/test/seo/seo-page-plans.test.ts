import type { OutlineData } from '@abp/contracts';
import { describe, expect, it } from 'vitest';
import { structurePlans } from '../../src/modules/seo/pages/page-plans.js';

/* Issue #18 item 10: site pages carry the facts they need, and one niche gets one hub per subject. */
const pillar = (title: string, keyword: string) => ({ title, target_keywords: [keyword], h2_headings: ['One', 'Two'] });
const outline: OutlineData = {
  pillar_posts: [
    pillar('The Complete Guide to Organic Gardening', 'organic gardening'),
    pillar('Organic Gardening Tips for Beginners', 'organic gardening tips'),
    pillar('A Guide to Organic Gardening', 'guide to organic gardening'),
    pillar('Soil Health Explained', 'soil health'),
  ],
  cluster_posts: [],
};
const context = {
  niche: 'organic gardening',
  companyName: 'Green Row',
  keywords: ['organic gardening'],
  hasContact: false,
};

describe('the site structure', () => {
  it('has no Contact page without an email, phone or address, and one with them', () => {
    expect(structurePlans(context, outline, false).map((p) => p.pageType)).not.toContain('contact');
    expect(
      structurePlans({ ...context, hasContact: true }, outline, false).filter((p) => p.pageType === 'contact'),
    ).toHaveLength(1);
  });

  it('gives near-identical pillars of one niche one hub page', () => {
    const hubs = structurePlans(context, outline, false).filter((p) => p.pageType === 'pillar_hub');
    expect(hubs.map((h) => h.slug)).toEqual(['organic-gardening-hub', 'soil-health-hub']);
  });
});
