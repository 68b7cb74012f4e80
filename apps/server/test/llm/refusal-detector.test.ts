import { describe, expect, it } from 'vitest';
import { detectRefusal } from '../../src/lib/text/refusal-detector.js';

describe('refusal detector', () => {
  it.each([
    "I'm sorry, but I can't help with that.",
    'I am sorry, but I cannot write this article.',
    'Unfortunately, I am unable to provide the article you asked for.',
    'I cannot assist with this request.',
    "I can't create content like that.",
    'I must respectfully decline.',
    'As an AI language model, I do not have personal opinions.',
    'As an AI, I cannot browse the internet.',
    "I'm just an AI, so please check with an expert.",
    'As of my last knowledge update in 2023, prices were rising.',
    "I don't have access to real-time data about this topic.",
    'This request goes against my guidelines.',
    'Is there anything else I can help you with?',
    'Instead, I can provide a general overview of the topic.',
  ])('flags "%s"', (sentence) => {
    const scan = detectRefusal(`<p>Gardening is rewarding. ${sentence} Water daily.</p>`);
    expect(scan.refused).toBe(true);
    expect(scan.matches).toEqual([sentence]);
  });

  it.each([
    "We're sorry to see the old bakery close, but its recipes live on.",
    'Sorry, we are closed on Mondays.',
    "I'm sorry for your loss is a phrase that means more when it is personal.",
    "I can't recommend this café enough.",
    "I can't help but smile every time the bread comes out of the oven.",
    'As an AI researcher, she has spent a decade studying language models.',
    'Unfortunately, the museum cannot offer guided tours on Sundays.',
    'The film "Sorry to Bother You" was released in 2018.',
    'Say sorry sincerely: an apology that explains how you will fix things works best.',
    'I cannot imagine a better way to spend a Sunday morning.',
    'Our team is unable to deliver on public holidays.',
    'Large language models can draft text quickly, but editors still matter.',
  ])('does not flag "%s"', (sentence) => {
    expect(detectRefusal(`<p>${sentence}</p>`)).toEqual({ refused: false, matches: [], patterns: [] });
  });

  it('reads sentence by sentence across HTML blocks and reports each match once', () => {
    const html = `<h2>Intro</h2><p>Solar panels save money.</p><ul><li>I cannot help with that.</li><li>I cannot help with that.</li></ul><p>They last decades.</p>`;
    expect(detectRefusal(html).matches).toEqual(['I cannot help with that.']);
  });

  it('names the patterns that fired', () => {
    expect(detectRefusal('As an AI language model, I cannot help with that.').patterns.length).toBeGreaterThan(0);
  });
});
