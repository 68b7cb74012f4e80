import { type QualityRule, qualityReportSchema } from '@abp/contracts';
import { describe, expect, it } from 'vitest';
import { runQualityGate } from '../../src/modules/quality-gate/index.js';

const paragraph = (words: number) =>
  `<p>${Array.from({ length: words }, (_, i) => (i % 12 === 11 ? 'garden.' : 'garden')).join(' ')}</p>`;
const clean = {
  title: 'Growing Herbs Indoors',
  content: `<h2>Light</h2>${paragraph(500)}<h2>Water</h2>${paragraph(500)}<p>See <a href="https://example.org/herbs">this guide</a>.</p>`,
};
const rulesOf = (report: ReturnType<typeof runQualityGate>) =>
  [...report.issues, ...report.warnings].map((f) => f.rule);

describe('quality gate', () => {
  it('passes a clean article', () => {
    const report = runQualityGate(clean, { targetWordCount: 1000, otherTitlesOnSite: ['Other Title'] });
    expect(qualityReportSchema.parse(report)).toEqual({
      severity: 'none',
      message: 'Quality gate passed.',
      issues: [],
      warnings: [],
      blocking: false,
    });
  });

  const cases: Array<
    [
      QualityRule,
      string,
      { title?: string; content?: string; target?: number; others?: string[] },
      'minor' | 'major' | 'severe',
    ]
  > = [
    ['word_count', 'far below target', { target: 2000 }, 'severe'],
    ['word_count', 'somewhat below target', { target: 1200 }, 'minor'],
    ['refusal', 'refusal text', { content: `${clean.content}<p>I'm sorry, but I can't help with that.</p>` }, 'severe'],
    [
      'refusal',
      'hedge text',
      { content: `${clean.content}<p>As of my last knowledge update, this was true.</p>` },
      'severe',
    ],
    ['placeholder', '[insert …]', { content: `${clean.content}<p>Call us at [insert phone number].</p>` }, 'severe'],
    ['placeholder', 'lorem ipsum', { content: `${clean.content}<p>Lorem ipsum dolor sit amet.</p>` }, 'severe'],
    ['placeholder', 'As an AI', { content: `${clean.content}<p>As an AI I think herbs are nice.</p>` }, 'severe'],
    ['empty_title', 'empty title', { title: '   ' }, 'severe'],
    ['duplicate_title', 'duplicate title', { others: ['growing herbs indoors!'] }, 'severe'],
    ['empty_content', 'empty content', { content: '<p> </p>' }, 'severe'],
    ['no_headings', 'long content without headings', { content: paragraph(900) }, 'major'],
    ['broken_html', 'unclosed tags', { content: `${clean.content}<h2>Soil<blockquote>Use compost.` }, 'major'],
    [
      'dead_links',
      'links to nowhere',
      { content: `${clean.content}<p><a href="#">Buy</a> <a href="javascript:alert(1)">x</a> <a>y</a></p>` },
      'major',
    ],
  ];

  it.each(cases)('flags %s (%s)', (rule, _label, change, severity) => {
    const report = runQualityGate(
      { title: change.title ?? clean.title, content: change.content ?? clean.content },
      { targetWordCount: change.target ?? 1000, otherTitlesOnSite: change.others ?? ['Other Title'] },
    );
    const finding = [...report.issues, ...report.warnings].find((f) => f.rule === rule);
    expect(finding?.severity).toBe(severity);
    expect(report.blocking).toBe(severity === 'severe');
    expect(severity === 'minor' ? report.warnings : report.issues).toContainEqual(finding);
    expect(report.message).toMatch(/^Quality gate/);
  });

  it('skips the length rule without a target and accepts valid optional end tags', () => {
    const report = runQualityGate({ title: 'T', content: '<h2>A</h2><ul><li>one<li>two</ul><p>short' });
    expect(rulesOf(report)).toEqual([]);
  });

  it('does not mistake ordinary prose for placeholders or refusals', () => {
    const content = `${clean.content}<p>As an AI researcher, she says sorry is an underrated word. We can't recommend it enough.</p>`;
    expect(runQualityGate({ ...clean, content }, { targetWordCount: 1000 }).severity).toBe('none');
  });

  it('reports the worst severity and every rule that fired', () => {
    const report = runQualityGate(
      { title: '', content: `${paragraph(900)}<a href="#">x</a>` },
      { targetWordCount: 3000 },
    );
    expect(report.severity).toBe('severe');
    expect(rulesOf(report).sort()).toEqual(['dead_links', 'empty_title', 'no_headings', 'word_count']);
  });

  it('names the post a duplicate finding is about, with its link only when it is a web address (issue #31)', () => {
    const report = runQualityGate(clean, {
      existingPostsOnSite: [{ title: 'Growing Herbs Indoors', link: 'https://garden.example/growing-herbs-indoors/' }],
      duplicateBodies: {
        sameSite: {
          title: 'Herbs on a windowsill',
          siteName: 'Garden Blog',
          link: 'javascript:alert(1)',
          similarity: 0.9,
        },
        otherSite: {
          title: 'Indoor herbs',
          siteName: 'Kitchen Blog',
          link: 'https://kitchen.example/indoor-herbs/',
          similarity: 0.8,
        },
      },
    });
    const post = (rule: QualityRule) => report.issues.find((issue) => issue.rule === rule)?.existing_post;
    expect(post('already_on_site')).toEqual({
      title: 'Growing Herbs Indoors',
      link: 'https://garden.example/growing-herbs-indoors/',
      site_name: null,
    });
    expect(post('near_duplicate')).toEqual({ title: 'Herbs on a windowsill', link: null, site_name: null });
    expect(post('cross_site_duplicate')).toEqual({
      title: 'Indoor herbs',
      link: 'https://kitchen.example/indoor-herbs/',
      site_name: 'Kitchen Blog',
    });
    expect(qualityReportSchema.parse(report)).toEqual(report);
  });
});
