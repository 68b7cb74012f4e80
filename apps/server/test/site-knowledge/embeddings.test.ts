import type { KnowledgeSearch } from '@abp/contracts';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { knowledgeVectors, modelCalls } from '../../src/db/schema/index.js';
import { SiteInventoryRepository } from '../../src/modules/site-inventory/site-inventory.repository.js';
import { useFakeWordPress } from '../articles/publish-helpers.js';
import { createSite } from '../sites/sites-helpers.js';
import { createTestApp, type TestApp, waitFor } from '../test-app.js';
import {
  FAKE_EMBEDDING_DIMENSIONS,
  type FakeEmbeddingsServer,
  startFakeEmbeddingsServer,
} from './fake-embeddings-server.js';
import { inventoryItem, storeFixturePosts } from './knowledge-helpers.js';

let embeddings: FakeEmbeddingsServer;
let t: TestApp;
let cookie: string;
let siteId: number;

async function start(model = 'fake-embed') {
  embeddings = await startFakeEmbeddingsServer();
  t = await createTestApp({
    config: {
      llm: {
        provider: 'openai-compatible',
        model: 'fake-model',
        baseUrl: embeddings.baseUrl,
        apiKey: 'test-key',
        timeoutMs: 20_000,
        concurrency: 2,
        stream: false,
      },
      embeddingsModel: model,
    },
  });
  cookie = await t.login();
  useFakeWordPress(t);
  siteId = (await createSite(t, cookie)).id;
}

afterEach(async () => {
  await t?.close();
  await embeddings?.close();
});

const vectorRows = () => t.ctx.handle.db.select().from(knowledgeVectors).where(eq(knowledgeVectors.siteId, siteId));
const ledger = () =>
  t.ctx.handle.db
    .select()
    .from(modelCalls)
    .where(and(eq(modelCalls.provider, 'openai-compatible'), eq(modelCalls.model, 'fake-embed')));
const search = async (q: string) => {
  const res = await t.request({
    method: 'GET',
    url: `/api/sites/${siteId}/knowledge/search?q=${encodeURIComponent(q)}`,
    cookie,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<KnowledgeSearch>();
};

describe('site knowledge with an embeddings model (a local OpenAI-compatible server)', () => {
  beforeEach(() => start());

  it('embeds each post once per version in the background job, metered in the usage ledger', async () => {
    const posts = await storeFixturePosts(t, siteId);
    expect(await t.services.siteKnowledge.requestEmbedding(siteId)).toBe(true);
    const rows = await waitFor(async () => {
      const stored = await vectorRows();
      return stored.length === posts.size ? stored : null;
    });
    expect(rows.every((row) => row.model === 'fake-embed' && row.vector.length === FAKE_EMBEDDING_DIMENSIONS)).toBe(
      true,
    );
    expect(embeddings.texts).toHaveLength(posts.size);
    const calls = await ledger();
    // One call for the batch, its tokens as the server reported them.
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ outcome: 'ok', siteId, tokensEstimated: false, outputTokens: 0 });
    expect(calls[0]!.inputTokens).toBeGreaterThan(0);
    expect(calls[0]!.step).toBe('site knowledge: embeddings');

    // Nothing changed: nothing is sent again, nothing is billed.
    expect(await t.services.siteKnowledge.embedSite(siteId)).toMatchObject({
      embedded: 0,
      kept: posts.size,
      pruned: 0,
    });
    expect(embeddings.texts).toHaveLength(posts.size);
    expect(await ledger()).toHaveLength(1);
  });

  it('embeds a post again when its text changed, and drops the vector of a post gone', async () => {
    const posts = await storeFixturePosts(t, siteId);
    await t.services.siteKnowledge.embedSite(siteId);
    const before = new Map((await vectorRows()).map((row) => [row.docKey, row.contentHash]));
    const repo = new SiteInventoryRepository(t.ctx.handle.db);
    await repo.upsertItems(siteId, [
      inventoryItem(posts.get(2)!, 2, { body: 'Blight spores now arrive earlier: spray copper before June.' }),
    ]);
    await repo.removeItems(siteId, 'post', [3]);
    embeddings.texts.length = 0;
    expect(await t.services.siteKnowledge.embedSite(siteId)).toMatchObject({
      embedded: 1,
      kept: posts.size - 2,
      pruned: 1,
    });
    expect(embeddings.texts).toHaveLength(1);
    expect(embeddings.texts[0]).toContain('spray copper');
    const after = new Map((await vectorRows()).map((row) => [row.docKey, row.contentHash]));
    expect(after.has('post:3')).toBe(false);
    expect(after.get('post:2')).not.toBe(before.get('post:2'));
    expect(after.get('post:1')).toBe(before.get('post:1'));
    expect(await ledger()).toHaveLength(2);
  });

  it('answers in hybrid mode once vectors exist; the query’s own embedding is metered too', async () => {
    await storeFixturePosts(t, siteId);
    expect((await search('tomato blight')).mode).toBe('lexical');
    await t.services.siteKnowledge.embedSite(siteId);
    const answer = await search('stopping blight on tomato plants');
    expect(answer).toMatchObject({ mode: 'hybrid', documents: 10, vectors: 10 });
    expect(answer.results[0]?.key).toBe('post:2');
    expect(answer.results[0]!.vector).toBeGreaterThan(0);
    expect((await ledger()).map((row) => row.step)).toContain('site knowledge: query');
  });

  it('stays lexical when the embeddings server fails, and the failed call is in the ledger', async () => {
    await storeFixturePosts(t, siteId);
    await t.services.siteKnowledge.embedSite(siteId);
    embeddings.failWith(500);
    const answer = await search('keeping slugs away from seedlings');
    expect(answer.mode).toBe('lexical');
    expect(answer.results[0]?.key).toBe('post:10');
    expect((await ledger()).map((row) => row.outcome)).toContain('server');
  });
});

describe('site knowledge without an embeddings model', () => {
  beforeEach(() => start('off'));

  it('sends nothing and answers lexically', async () => {
    await storeFixturePosts(t, siteId);
    expect(await t.services.siteKnowledge.requestEmbedding(siteId)).toBe(false);
    expect(await t.services.siteKnowledge.embedSite(siteId)).toMatchObject({ embedded: 0, model: null });
    const answer = await search('slugs');
    expect(answer).toMatchObject({ mode: 'lexical', vectors: 0, documents: 10 });
    expect(embeddings.calls).toBe(0);
  });
});
