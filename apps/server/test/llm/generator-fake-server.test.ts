import { generationLogSchema } from '@abp/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countWords } from '../../src/lib/html/index.js';
import { ArticleGenerationError, ArticleGenerator } from '../../src/modules/generation/engine/index.js';
import { type FakeOpenAiServer, startFakeOpenAiServer } from './fake-openai-server.js';
import { htmlOfLength, isOutlineRequest, writerReply } from './fake-writer.js';
import { providerFor } from './helpers.js';

// The whole engine, with the real AI SDK provider, against the local chat-completions server.
let server: FakeOpenAiServer;
beforeAll(async () => {
  server = await startFakeOpenAiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.setHandler((request) => writerReply(request));
});

const generator = (stream = false) =>
  new ArticleGenerator({ provider: providerFor(server.baseUrl, { stream }), sectionConcurrency: 3 });
const REFUSAL = "I'm sorry, but I can't help with that request.";

describe('article generation against a chat-completions server', () => {
  it.each([false, true])('writes a planned, section-by-section article (stream: %s)', async (stream) => {
    const article = await generator(stream).generate({
      topic: 'balcony tomatoes',
      wordCount: 1500,
      persona: 'marcus',
      keywords: ['container gardening'],
    });
    expect(article.title).toBe('A Practical Guide to balcony tomatoes');
    expect(article.wordCount / 1500).toBeGreaterThan(0.85);
    expect(article.wordCount / 1500).toBeLessThan(1.15);
    expect(article.wordCount).toBe(countWords(article.content));
    expect(article.content).toContain('<h2>');
    expect(article).toMatchObject({
      attempts: 1,
      refusal_recovered: false,
      refusal_matches: [],
      provider: { id: 'openai-compatible', offline: false },
    });
    expect(generationLogSchema.parse(article.log).status).toBe('completed');
    expect(article.log.steps[0]?.step).toBe('plan outline');
    expect(article.log.steps.filter((s) => s.step.startsWith('write section')).length).toBeGreaterThanOrEqual(3);
    // The persona's voice and the keywords reach the model.
    expect(server.requests[0]?.messages[0]?.content).toContain('Analytical and precise');
    expect(server.requests[0]?.prompt).toContain('container gardening');
  });

  it('recovers from a refusal on the first attempt', async () => {
    server.setHandler((request, call) => (call === 1 ? { type: 'text', content: REFUSAL } : writerReply(request)));
    const article = await generator().generate({ topic: 'home security cameras', wordCount: 800 });
    expect(article.refusal_recovered).toBe(true);
    expect(article.attempts).toBe(2);
    expect(article.refusal_matches).toEqual([REFUSAL]);
    expect(server.requests[1]?.prompt).toMatch(/^Your previous answer did not deliver the requested content/);
    expect(article.log.steps.slice(0, 2).map((s) => [s.step, s.status])).toEqual([
      ['plan outline', 'refused'],
      ['plan outline (attempt 2)', 'success'],
    ]);
  });

  it('retries only the section that hedged inside a long article', async () => {
    const hedge = 'As of my last knowledge update, I cannot confirm the latest figures.';
    server.setHandler((request) => {
      const reply = writerReply(request);
      const isSectionFour =
        request.prompt.includes('Write section 4 of') && !request.prompt.startsWith('Your previous answer');
      return isSectionFour && reply.type === 'text'
        ? { type: 'text', content: `${reply.content}\n<p>${hedge} Prices vary.</p>` }
        : reply;
    });
    const article = await generator().generate({ topic: 'electric bikes', wordCount: 5000 });
    const sectionFour = article.log.steps.filter((s) => s.step.startsWith('write section 4/'));
    expect(sectionFour.map((s) => s.status)).toEqual(['refused', 'success']);
    expect(article.log.steps.filter((s) => s.status === 'refused')).toHaveLength(1);
    expect(article.content).not.toContain('knowledge update');
    expect(article).toMatchObject({ attempts: 2, refusal_recovered: true, refusal_matches: [hedge] });
    expect(Math.abs(article.wordCount / 5000 - 1)).toBeLessThan(0.15);
  });

  it('reads an outline that is not JSON from its headings', async () => {
    server.setHandler((request) =>
      isOutlineRequest(request)
        ? {
            type: 'text',
            content:
              '# Winter Cycling Guide\n## Why Ride in Winter\n## Clothing Layers\n## Lights and Visibility\n## Bike Maintenance\n## Final Thoughts',
          }
        : writerReply(request),
    );
    const article = await generator().generate({ topic: 'winter cycling', wordCount: 1200 });
    expect(article.title).toBe('Winter Cycling Guide');
    expect(article.content).toContain('<h2>Clothing Layers</h2>');
    expect(article.log.warnings.map((w) => w.message)).toContain(
      'The outline was not valid JSON; it was read from the text of the answer.',
    );
  });

  it('falls back to the standard outline when the outline is unreadable', async () => {
    server.setHandler((request) =>
      isOutlineRequest(request) ? { type: 'text', content: 'Sure thing!' } : writerReply(request),
    );
    const article = await generator().generate({ topic: 'lemon tart', taskType: 'Recipe', wordCount: 1000 });
    expect(article.content).toContain('<h2>Ingredients</h2>');
    expect(article.content).toContain('<h2>Method</h2>');
    expect(article.log.warnings[0]?.message).toMatch(/standard Recipe outline was used/);
    expect(article.log.steps.find((s) => s.step === 'plan outline')?.status).toBe('failed');
  });

  it('rides out a 429 in the middle of an article', async () => {
    server.setHandler((request, call) =>
      call === 3 ? { type: 'error', status: 429, headers: { 'retry-after': '0' } } : writerReply(request),
    );
    const article = await generator().generate({ topic: 'podcast microphones', wordCount: 1000 });
    expect(article.log.status).toBe('completed');
    expect(article.log.summary.hadErrors).toBe(false);
  });

  it('extends sections when the model writes too little', async () => {
    server.setHandler((request) =>
      isOutlineRequest(request) || request.prompt.includes('is too short')
        ? writerReply(request)
        : { type: 'text', content: htmlOfLength(60, 'x', 'y') },
    );
    const article = await generator().generate({ topic: 'sleep hygiene', wordCount: 2000 });
    expect(Math.abs(article.wordCount / 2000 - 1)).toBeLessThan(0.15);
    expect(article.log.steps.some((s) => s.step.startsWith('extend section'))).toBe(true);
  });

  it('trims when the model writes far too much', async () => {
    server.setHandler((request) =>
      isOutlineRequest(request) ? writerReply(request) : { type: 'text', content: htmlOfLength(900, 'x', 'y') },
    );
    const article = await generator().generate({ topic: 'sleep hygiene', wordCount: 2000 });
    expect(Math.abs(article.wordCount / 2000 - 1)).toBeLessThan(0.15);
    expect(article.log.steps.some((s) => s.step === 'trim to length')).toBe(true);
  });

  it('fails with a failed log when the model refuses every attempt', async () => {
    server.setHandler(() => ({ type: 'text', content: REFUSAL }));
    const error = await generator()
      .generate({ topic: 'anything', wordCount: 600 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArticleGenerationError);
    const failure = error as ArticleGenerationError;
    expect(failure.kind).toBe('refused');
    expect(failure.refusal).toMatchObject({ attempts: 3, refusal_recovered: false, refusal_matches: [REFUSAL] });
    expect(failure.log.status).toBe('failed');
    expect(failure.log.steps.map((s) => s.status)).toEqual(['refused', 'refused', 'refused']);
    expect(server.requests).toHaveLength(3);
  });

  it('stops at once on an authentication error', async () => {
    server.setHandler((request, call) =>
      call > 1 ? { type: 'error', status: 401, body: { error: { message: 'bad key' } } } : writerReply(request),
    );
    const error = await generator()
      .generate({ topic: 'anything', wordCount: 3000 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ArticleGenerationError', kind: 'auth' });
    expect((error as ArticleGenerationError).log.errors[0]?.message).toMatch(/credentials/);
    // The outline plus at most the first wave of sections: no retries, no further waves.
    expect(server.requests.length).toBeLessThanOrEqual(4);
  });

  it('rejects requests outside the limits before calling the model', async () => {
    const error = await generator()
      .generate({ topic: 'x', wordCount: 60_000 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'invalid_request' });
    expect(server.requests).toHaveLength(0);
  });
});
