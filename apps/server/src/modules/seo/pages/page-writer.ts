import { SEO_LIMITS } from '@abp/contracts';
import { z } from 'zod';
import { htmlToPlainText } from '../../../lib/plain-text.js';
import type { SeoModel } from '../shared/seo-model.js';
import { clampText } from '../shared/text.js';
import { type CopyContext, offlineCopy, renderCopy } from './page-copy.js';
import type { PagePlan } from './page-plans.js';

const pageCopySchema = z.object({
  meta_description: z.string().min(20).max(300),
  sections: z
    .array(
      z.object({ heading: z.string().min(1).max(200), paragraphs: z.array(z.string().min(1).max(2000)).min(1).max(6) }),
    )
    .min(1)
    .max(8),
});

export interface WrittenPage {
  plan: PagePlan;
  content: string;
  metaDescription: string;
}

/** Page copy: the model when one is configured, the deterministic templates with the offline writer. */
export class PageWriter {
  constructor(private readonly model: SeoModel) {}

  async write(
    plans: PagePlan[],
    context: CopyContext & { project: { id: number; siteId: number | null } },
  ): Promise<{ pages: WrittenPage[]; source: 'model' | 'offline' }> {
    const pages: WrittenPage[] = [];
    let source: 'model' | 'offline' = 'offline';
    for (const plan of plans) {
      const answer = await this.model.structured(
        {
          schema: pageCopySchema,
          schemaName: 'website_page',
          prompt: prompt(plan, context),
          maxTokens: 2500,
          project: context.project,
        },
        () => offlineCopy(plan, context),
      );
      source = answer.source;
      const copy =
        answer.source === 'model'
          ? {
              metaDescription: htmlToPlainText(answer.value.meta_description),
              sections: answer.value.sections.map((s) => ({
                heading: htmlToPlainText(s.heading),
                paragraphs: s.paragraphs.map(htmlToPlainText).filter(Boolean),
              })),
            }
          : answer.value;
      // Copy is rendered from plain strings (escaped), so model text can never inject markup.
      pages.push({
        plan,
        content: renderCopy(copy),
        metaDescription: clampText(copy.metaDescription, SEO_LIMITS.metaDescription),
      });
    }
    return { pages, source };
  }
}

function prompt(plan: PagePlan, c: CopyContext): string {
  return [
    `Write the "${plan.title}" page (${plan.pageType}) of the website of ${c.companyName || 'a business'} in the niche "${c.niche}".`,
    c.companyDescription && `About the company: ${c.companyDescription}`,
    c.audience && `Audience: ${c.audience}.`,
    plan.targetKeywords.length > 0 && `Target keywords: ${plan.targetKeywords.join(', ')}.`,
    plan.pageType === 'privacy' || plan.pageType === 'terms'
      ? 'Mark the text clearly as a draft that needs a legal review.'
      : '',
    'Return a meta_description of at most 155 characters and 2–5 sections, each with a heading and 1–3 plain-text paragraphs.',
  ]
    .filter(Boolean)
    .join('\n');
}
