import { generationLogSchema, manualGenerateResponseSchema, qualityReportSchema } from '@abp/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useFakeWordPress } from '../articles/publish-helpers.js';
import type { ChatRequest, FakeOpenAiServer, FakeReply } from '../llm/fake-openai-server.js';
import { startFakeOpenAiServer } from '../llm/fake-openai-server.js';
import { writerReply } from '../llm/fake-writer.js';
import { instantRetry } from '../llm/helpers.js';
import { createSite } from '../sites/sites-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { generate, manualPayload, storedGeneration } from './manual-helpers.js';

// The AI-tell rewrite (issue #33 §4) through the manual route, the real AI SDK provider and a local chat-completions server.
let server: FakeOpenAiServer;
beforeAll(async () => {
  server = await startFakeOpenAiServer();
});
afterAll(() => server.close());

let t: TestApp;
let cookie: string;
let siteId: number;
beforeEach(async () => {
  server.requests.length = 0;
  t = await createTestApp();
  cookie = await t.login();
  useFakeWordPress(t);
  t.services.llmProviders.providerOptions = { retry: instantRetry().policy };
  siteId = (await createSite(t, cookie)).id;
  const res = await t.request({
    method: 'PUT',
    url: '/api/settings/llm',
    cookie,
    payload: { provider: 'openai-compatible', model: 'fake-model', timeout_ms: 5000, base_url: server.baseUrl },
  });
  expect(res.statusCode).toBe(200);
});
afterEach(() => t.close());

const TELL = 'Let’s delve into what really matters here.';
const LINKED_TELL = 'It’s important to note <a href="https://example.com/">this guide</a> first.';
const isRewrite = (request: ChatRequest) =>
  request.prompt.includes('use stock phrases that make the text read as machine-written');

/** The fake writer, with a stock phrase opening every section (and a linked one in the first). */
function writerWithTells(rewrite: (sentence: string) => string | FakeReply): (request: ChatRequest) => FakeReply {
  let sections = 0;
  return (request) => {
    if (isRewrite(request)) {
      const numbered = [...request.prompt.matchAll(/^(\d+)\. (.+)$/gm)].map((m) => ({
        index: Number(m[1]),
        sentence: m[2]!,
      }));
      const answers = numbered.map(({ index, sentence }) => ({ index, rewritten: rewrite(sentence) }));
      const failure = answers.find((a) => typeof a.rewritten !== 'string');
      if (failure) return failure.rewritten as FakeReply;
      return { type: 'text', content: JSON.stringify({ sentences: answers }) };
    }
    const reply = writerReply(request);
    if (reply.type !== 'text' || !/Write section/.test(request.prompt)) return reply;
    sections++;
    const extra = sections === 1 ? `<p>${LINKED_TELL}</p>` : '';
    return { ...reply, content: `${extra}${reply.content.replace('<p>', `<p>${TELL} `)}` };
  };
}

async function generateOne() {
  const res = await generate(
    t,
    cookie,
    manualPayload(siteId, 'Balcony tomatoes', { includeImages: false, wordCount: 800 }),
  );
  expect(res.statusCode, res.body).toBe(200);
  const { data } = manualGenerateResponseSchema.parse(res.json());
  const stored = await storedGeneration(t, data.article_id);
  return {
    content: stored.article.content,
    report: qualityReportSchema.parse(stored.article.qualityReport),
    log: generationLogSchema.parse(stored.log),
  };
}

describe('the AI-tell rewrite of a model’s article', () => {
  it('rewrites the offending sentences in place in one recorded call; a sentence with a link stays', async () => {
    server.setHandler(writerWithTells((sentence) => sentence.replace(/Let’s delve into|Let's delve into/, 'Here is')));
    const { content, report, log } = await generateOne();
    expect(content).not.toContain('delve');
    expect(content).toContain('Here is what really matters here.');
    // The linked sentence was offered but could not be replaced as text: it stays, and the report says so.
    expect(content).toMatch(
      /<p>It’s important to note <a href="https:\/\/example\.com\/"[^>]*>this guide<\/a> first\.<\/p>/,
    );
    expect(server.requests.filter(isRewrite)).toHaveLength(1);
    const step = log.steps.find((s) => s.step === 'rewrite AI-tell sentences');
    expect(step?.status).toBe('success');
    // Its tokens are counted on the step like every other model call of the article.
    expect(step?.usage).toMatchObject({ provider: 'openai-compatible', model: 'fake-model' });
    expect(step?.usage?.inputTokens).toBeGreaterThan(0);
    expect(log.warnings.map((w) => w.message)).toContain(
      '1 of 5 sentences with stock phrases were kept as written (the rewrite did not remove the phrase, was not a sensible sentence, or the sentence holds a link).',
    );
    const tells = report.warnings.find((w) => w.rule === 'ai_tells');
    expect(tells?.ai_tells).toMatchObject({
      count: 1,
      phrases: [{ phrase: "it's important to note", count: 1 }],
      sentences: ['It’s important to note this guide first.'],
      rewritten: 4,
    });
  });

  it('keeps a sentence whose rewrite keeps the phrase or runs more than twice as long', async () => {
    let call = 0;
    server.setHandler(
      writerWithTells((sentence) =>
        call++ % 2 === 0 ? sentence.replace('Let’s', 'Now we') : `${sentence} ${sentence} ${sentence}`,
      ),
    );
    const { content, report } = await generateOne();
    // Four sections and the linked sentence: all five kept as written.
    expect(content.match(/Let’s delve into what really matters here\./g)?.length).toBe(4);
    expect(report.warnings.find((w) => w.rule === 'ai_tells')?.ai_tells).toMatchObject({ count: 5, rewritten: 0 });
  });

  it('keeps the article as written when the rewrite call fails', async () => {
    server.setHandler(writerWithTells(() => ({ type: 'error', status: 400, body: { error: { message: 'bad' } } })));
    const { content, report, log } = await generateOne();
    expect(content).toContain(TELL);
    expect(log.status).toBe('completed');
    expect(log.steps.find((s) => s.step === 'rewrite AI-tell sentences')?.status).toBe('failed');
    expect(
      log.warnings.some((w) => w.message.startsWith('The sentences with stock phrases could not be rewritten')),
    ).toBe(true);
    expect(report.warnings.find((w) => w.rule === 'ai_tells')?.ai_tells?.count).toBe(5);
  });

  it('asks nothing when the article has no stock phrase', async () => {
    server.setHandler((request) => writerReply(request));
    const { log, report } = await generateOne();
    expect(server.requests.filter(isRewrite)).toHaveLength(0);
    expect(log.steps.map((s) => s.step)).not.toContain('rewrite AI-tell sentences');
    expect(report.warnings.map((w) => w.rule)).not.toContain('ai_tells');
  });
});
