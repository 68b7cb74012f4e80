import { SEO_LIMITS } from '@abp/contracts';
import { clampText, escapeHtml, titleCase } from '../shared/text.js';
import type { PagePlan } from './page-plans.js';

export interface CompanyDetails {
  companyName: string;
  companyDescription: string;
  contactInfo: { email: string; phone: string; address: string };
}

export interface PageCopy {
  metaDescription: string;
  sections: { heading: string; paragraphs: string[] }[];
}

export interface CopyContext extends CompanyDetails {
  niche: string;
  audience: string;
}

const p = (...parts: string[]) => parts.filter(Boolean).join(' ');

/** Deterministic copy for each kind of page, built from the niche and the company's own words. */
export function offlineCopy(plan: PagePlan, c: CopyContext): PageCopy {
  const company = c.companyName || `our ${c.niche} team`;
  const niche = c.niche.toLowerCase();
  const audience = c.audience || 'people who want dependable results';
  const about =
    c.companyDescription || `${company} helps ${audience} with ${niche}, with practical advice and honest service.`;
  const contact = [
    c.contactInfo.email && `Email: ${c.contactInfo.email}`,
    c.contactInfo.phone && `Phone: ${c.contactInfo.phone}`,
    c.contactInfo.address && `Address: ${c.contactInfo.address}`,
  ]
    .filter(Boolean)
    .join('. ');
  const keyword = plan.targetKeywords[0] ?? niche;
  switch (plan.pageType) {
    case 'home':
      return copy(
        `${titleCase(keyword)} from ${company}: clear guidance, proven methods and friendly support for ${audience}.`,
        [
          [
            `Welcome to ${company}`,
            [
              about,
              `Whether you are new to ${niche} or looking to improve, you will find step-by-step guides, answers and services here.`,
            ],
          ],
          ['What We Offer', [`Expert ${niche} guidance, in-depth articles and services shaped around your goals.`]],
          ['Start Here', [`Browse our guides on ${keyword}, or contact us to talk about your plans.`]],
        ],
      );
    case 'about':
      return copy(`Meet ${company}: who we are, what we believe about ${niche} and how we help ${audience}.`, [
        ['Our Story', [about]],
        [
          'What We Believe',
          [
            `Good ${niche} advice is specific, honest and tested in practice. That is the standard we hold ourselves to.`,
          ],
        ],
        ['Who We Help', [`We work with ${audience}.`]],
      ]);
    case 'services':
      return copy(
        `${titleCase(niche)} services by ${company}: planning, hands-on help and ongoing support tailored to your goals.`,
        [
          [
            'Our Services',
            [
              `${company} offers ${niche} services for every stage: first steps, ongoing improvement and expert reviews.`,
            ],
          ],
          [
            'How It Works',
            ['We listen first, propose a clear plan with costs up front, and keep you informed at every step.'],
          ],
          ['Get Started', ['Contact us for a free first conversation about what you need.']],
        ],
      );
    case 'resources':
    case 'pillar_hub':
    case 'blog':
      return copy(
        `${titleCase(keyword)} resources: guides, checklists and answers on ${niche}, collected by ${company}.`,
        [
          [
            plan.pillarTitle ? `Start with ${plan.pillarTitle}` : 'Guides and Checklists',
            [`Our most useful material on ${keyword}, from first steps to advanced techniques.`],
          ],
          ['Keep Learning', [`New articles on ${niche} are added regularly.`]],
        ],
      );
    case 'faq':
      return copy(
        `Answers to common questions about ${niche}: costs, getting started, timelines and what to expect from ${company}.`,
        [
          [`What is ${niche}?`, [`A short introduction to ${niche} and why it matters for ${audience}.`]],
          ['How do I get started?', ['Read our beginner guides, then contact us with any question.']],
        ],
      );
    case 'contact':
      return copy(`Contact ${company} about ${niche}: ask a question, request a quote or book a first conversation.`, [
        [
          'Get in Touch',
          [
            contact || `Use the contact details on this page to reach ${company}.`,
            'We answer every message within two working days.',
          ],
        ],
      ]);
    case 'privacy':
      return copy(
        `How ${company} collects, uses and protects personal data, and the rights you have over your information.`,
        [
          [
            'Draft for Legal Review',
            [
              'This policy is a starting point generated automatically. Have it reviewed by a qualified lawyer before publishing it.',
            ],
          ],
          [
            'Information We Collect',
            [
              `${company} collects the information you send us through forms and email, and basic analytics about visits.`,
            ],
          ],
          ['Your Rights', [p('You may ask to see, correct or delete your personal data at any time.', contact)]],
        ],
      );
    case 'terms':
      return copy(
        `The terms that apply when you use the ${company} website and services. Please read them carefully.`,
        [
          [
            'Draft for Legal Review',
            [
              'These terms are a starting point generated automatically. Have them reviewed by a qualified lawyer before publishing them.',
            ],
          ],
          [
            'Use of This Website',
            [`The content of this website is provided by ${company} for general information about ${niche}.`],
          ],
          ['Contact', [contact || `Questions about these terms can be sent to ${company}.`]],
        ],
      );
    default:
      return copy(`${plan.title}: ${niche} information from ${company}.`, [[plan.title, [about]]]);
  }
}

function copy(meta: string, sections: [string, string[]][]): PageCopy {
  return {
    metaDescription: clampText(meta, SEO_LIMITS.metaDescription),
    sections: sections.map(([heading, paragraphs]) => ({ heading, paragraphs })),
  };
}

export function renderCopy(copy: PageCopy): string {
  return copy.sections
    .map(
      (s) =>
        `<h2>${escapeHtml(s.heading)}</h2>\n${s.paragraphs.map((para) => `<p>${escapeHtml(para)}</p>`).join('\n')}`,
    )
    .join('\n');
}
