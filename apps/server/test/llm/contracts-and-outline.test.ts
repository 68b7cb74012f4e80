import { generationLogSchema, PERSONAS, personaLabel, TASK_TYPES } from '@abp/contracts';
import { describe, expect, it } from 'vitest';
import { trimHtmlToWords } from '../../src/lib/html/html-blocks.js';
import { countWords } from '../../src/lib/html/html-text.js';
import { resolveVoice } from '../../src/modules/generation/engine/index.js';
import { sectionBodyFromModel } from '../../src/modules/generation/engine/model-html.js';
import { normaliseOutline, parseOutlineText } from '../../src/modules/generation/engine/outline-planner.js';

describe('generation contracts', () => {
  it('has the eight task types and nine lowercase personas', () => {
    expect(TASK_TYPES).toHaveLength(8);
    expect(PERSONAS).toHaveLength(9);
    for (const persona of PERSONAS) expect(persona.value).toMatch(/^[a-z]+$/);
  });

  it('labels personas as the spec says', () => {
    expect(personaLabel('')).toBe('Neutral Voice');
    expect(personaLabel('  ')).toBe('Neutral Voice');
    expect(personaLabel('Sarah')).toBe(PERSONAS[0].label);
    expect(personaLabel('friendly local baker')).toBe('Friendly Local Baker');
  });

  it('resolves a persona to the voice used in prompts', () => {
    expect(resolveVoice(undefined)).toEqual({ voice: '', knownPersona: undefined });
    expect(resolveVoice('nina').voice).toBe(PERSONAS.find((p) => p.value === 'nina')?.voice);
    expect(resolveVoice('dry British humour')).toEqual({ voice: 'dry British humour', knownPersona: undefined });
  });

  it('defaults the log method to manual', () => {
    const log = generationLogSchema.parse({
      status: 'completed',
      duration: 1,
      contentStats: { wordCount: 1 },
      sources: { newsUrls: [], newsUrlsCount: 0, groundingSources: [], groundingSourcesCount: 0 },
      steps: [],
      summary: {
        totalSteps: 0,
        successfulSteps: 0,
        failedSteps: 0,
        usedNewsContent: false,
        usedGroundedContent: false,
        hadErrors: false,
      },
      errors: [],
      warnings: [],
    });
    expect(log.method).toBe('manual');
  });
});

describe('outline handling', () => {
  const brief = { topic: 'banana bread', taskType: 'Recipe' as const, voice: '', keywords: ['moist banana bread'] };

  it('puts back the sections a task type cannot do without', () => {
    const outline = normaliseOutline(
      {
        title: '"Banana Bread"',
        metaDescription: 'Short',
        keywords: ['baking'],
        sections: [{ heading: '## Why It Works', role: 'body', keyPoints: [] }],
      },
      brief,
      3000,
    );
    expect(outline.title).toBe('Banana Bread');
    expect(outline.sections.map((s) => s.role).slice(0, 3)).toEqual(['intro', 'ingredients', 'method']);
    expect(outline.sections.at(-1)?.role).toBe('conclusion');
    expect(outline.sections.length).toBeGreaterThanOrEqual(5); // topped up for 3,000 words
    expect(outline.keywords[0]).toBe('moist banana bread');
    expect(outline.metaDescription.length).toBeLessThanOrEqual(160);
  });

  it('reads loose JSON with other field names', () => {
    const parsed = parseOutlineText(
      'Sure! ```json\n{"title":"T","meta_description":"M","h2_headings":["One","Two"]}\n```',
    );
    expect(parsed?.sections.map((s) => s.heading)).toEqual(['One', 'Two']);
  });

  it('turns Markdown answers into HTML and drops a repeated heading', () => {
    const html = sectionBodyFromModel(
      '```markdown\n## Clothing Layers\nStart with **wool**.\n\n- Hat\n- Gloves\n\n## Extra tips\nStay dry.\n```',
      'Clothing Layers',
    );
    expect(html).toBe(
      '<p>Start with <strong>wool</strong>.</p>\n<ul>\n<li>Hat</li>\n<li>Gloves</li>\n</ul>\n<h3>Extra tips</h3>\n<p>Stay dry.</p>',
    );
    expect(sectionBodyFromModel('<h2>Other</h2><p>x</p>', 'Heading')).toBe('<h3>Other</h3><p>x</p>');
  });

  it('trims prose before lists and never ends on a subheading', () => {
    const html =
      '<ul><li>one two three</li><li>four five six</li></ul><p>Alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu. Nu xi omicron pi rho sigma tau upsilon phi chi psi omega.</p><h3>Tail</h3><p>More words here to cut away entirely from the end of this section.</p>';
    const trimmed = trimHtmlToWords(html, 20);
    expect(trimmed).toContain('<li>four five six</li>');
    expect(trimmed).not.toContain('Tail');
    expect(countWords(trimmed)).toBeLessThanOrEqual(20);
  });
});
