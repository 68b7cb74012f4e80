import { describe, expect, it } from 'vitest';
import { escapeHtmlText } from '../../src/lib/plain-text.js';
import {
  AI_TELL_PHRASES,
  aiTellsIn,
  findAiTells,
  replaceSentenceInHtml,
  sentencesOf,
} from '../../src/lib/text/ai-tells.js';
import { acceptableRewrite } from '../../src/modules/generation/engine/ai-tell-rewrite.js';
import { systemPrompt } from '../../src/modules/generation/engine/prompts.js';
import { runQualityGate } from '../../src/modules/quality-gate/index.js';

describe('the AI-tell phrase list', () => {
  it('is a curated list of 40 to 80 distinct phrases, each of which compiles', () => {
    expect(AI_TELL_PHRASES.length).toBeGreaterThanOrEqual(40);
    expect(AI_TELL_PHRASES.length).toBeLessThanOrEqual(80);
    expect(new Set(AI_TELL_PHRASES.map((p) => p.phrase)).size).toBe(AI_TELL_PHRASES.length);
  });

  it.each([
    ["In today's fast-paced world, gardens matter.", "in today's fast-paced world"],
    ['In today’s digital age we shop online.', "in today's fast-paced world"],
    ['She delves into the archives.', 'delve into'],
    ['Delving deeper into the data shows more.', 'delve into'],
    ['We delved into it last year.', 'delve into'],
    ['Unlock the full potential of your soil.', 'unlock the power of'],
    ['It’s important to note that frost kills basil.', "it's important to note"],
    ['It is worth noting the price.', "it's worth noting"],
    ['IN CONCLUSION, water daily.', 'in conclusion'],
    ['Navigating the complex landscape of taxes is hard.', 'navigating the landscape'],
    ['The bridge is a testament to its engineers.', 'a testament to'],
    ['This tool is a game-changer.', 'game-changer'],
    ['A real gamechanger for cooks.', 'game-changer'],
    ['Embark on an exciting journey through Rome.', 'embark on a journey'],
    ['The city is a rich tapestry of cultures.', 'a rich tapestry'],
    ['Not only is it cheap, but also fast.', 'not only … but also'],
    ['Let’s dive in!', "let's dive in"],
    ['Soil plays a pivotal role in yields.', 'plays a crucial role'],
  ])('finds %j', (sentence, phrase) => {
    expect(aiTellsIn(sentence)).toContain(phrase);
  });

  it.each([
    'The delivery went into town on Tuesday.',
    'Deliveries into the harbour stopped.',
    'We unlocked the shed and took the power drill.',
    'Conclusions were drawn in the report.',
    'The game changed after half time.',
    'Important notes are in the appendix.',
    'The testament was read aloud to the family.',
    'A tapestry hung in the hall.',
    'The divers went deep under the ice.',
    'It was not only cheap.',
    'Navigation on the lake is easy.',
  ])('finds nothing in %j', (sentence) => {
    expect(aiTellsIn(sentence)).toEqual([]);
  });

  it('counts per article, most frequent first, with the sentences that hold them', () => {
    const found = findAiTells(
      '<h2>Why it matters</h2><p>Let’s delve into soil. Water it well. Then delve into compost, a game-changer.</p><ul><li>In conclusion, mulch.</li></ul>',
      'The Ultimate Guide to Soil',
    );
    expect(found.count).toBe(5);
    expect(found.phrases).toEqual([
      { phrase: 'delve into', count: 2 },
      { phrase: 'game-changer', count: 1 },
      { phrase: 'in conclusion', count: 1 },
      { phrase: 'the ultimate guide', count: 1 },
    ]);
    expect(found.sentences.map((s) => s.sentence)).toEqual([
      'The Ultimate Guide to Soil',
      'Let’s delve into soil.',
      'Then delve into compost, a game-changer.',
      'In conclusion, mulch.',
    ]);
    expect(findAiTells('<p>Plain, specific sentences only. Nothing else.</p>', 'Soil pH for tomatoes')).toEqual({
      count: 0,
      phrases: [],
      sentences: [],
    });
  });

  it('splits sentences with the runtime’s ICU rules: an abbreviation does not end one', () => {
    expect(sentencesOf('<p>Use e.g. straw or leaves. Water it!</p><li>Item one</li>')).toEqual([
      'Use e.g. straw or leaves.',
      'Water it!',
      'Item one',
    ]);
  });
});

describe('the quality gate’s ai_tells finding', () => {
  it('is a minor warning with the sentences quoted (at most five), never blocking', () => {
    const sentences = Array.from({ length: 7 }, (_, i) => `Step ${i + 1} is a game-changer.`).join(' ');
    const report = runQualityGate({ title: 'Garden steps', content: `<p>${sentences}</p>` }, { aiTellsRewritten: 2 });
    expect(report.blocking).toBe(false);
    expect(report.severity).toBe('minor');
    expect(report.issues).toEqual([]);
    const finding = report.warnings.find((w) => w.rule === 'ai_tells');
    expect(finding?.ai_tells).toEqual({
      count: 7,
      phrases: [{ phrase: 'game-changer', count: 7 }],
      sentences: sentences.split(/(?<=\.) /).slice(0, 5),
      rewritten: 2,
    });
    expect(finding?.message).toBe(
      'Reads as machine-written in places: 7 stock phrases ("game-changer" ×7) in 7 sentences.',
    );
  });

  it('is absent from a clean article', () => {
    const report = runQualityGate({ title: 'Soil pH', content: '<p>Test the soil before planting.</p>' });
    expect(report.warnings.map((w) => w.rule)).not.toContain('ai_tells');
  });
});

describe('replacing a sentence in place', () => {
  it('finds the sentence as the HTML spells it (entities, curly quotes) and escapes the replacement', () => {
    const html = '<p>First. It&#39;s important to note that A &amp; B work. Last.</p>';
    expect(
      replaceSentenceInHtml(html, "It's important to note that A & B work.", 'A & B <both> work.', escapeHtmlText),
    ).toBe('<p>First. A &amp; B &lt;both&gt; work. Last.</p>');
  });

  it('leaves a sentence with inline markup alone (a rewrite must not drop its link)', () => {
    const html = '<p>Let’s delve into <a href="https://example.com/">our guide</a> now.</p>';
    expect(replaceSentenceInHtml(html, 'Let’s delve into our guide now.', 'Read our guide now.', escapeHtmlText)).toBe(
      null,
    );
  });
});

describe('an acceptable rewrite', () => {
  const original = 'Let’s delve into the details of soil.';
  it.each([
    ['Here are the details of soil.', true],
    ['Now we delve into the details of soil.', false],
    ['', false],
    ['  …  ', false],
    [`${original} ${original} ${original}`, false],
    ["I'm sorry, but I can't help with that request.", false],
  ])('%j → %s', (rewritten, ok) => {
    expect(acceptableRewrite(original, rewritten)).toBe(ok);
  });
});

describe('the generation prompts', () => {
  it('ask the model to avoid a short list of stock phrases', () => {
    const prompt = systemPrompt('');
    expect(prompt).toContain('Avoid stock phrases that read as machine-written');
    for (const phrase of ['delve into', "in today's fast-paced world", 'unlock the power of', "it's important to note"])
      expect(prompt).toContain(`"${phrase}"`);
  });
});
