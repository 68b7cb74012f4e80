import type { RefreshProposal } from '@abp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeModelApp, startFakeModelApp } from '../llm/fake-model-app.js';
import { FakeWordPress } from '../wordpress/fake-wordpress.js';

/**
 * The model's part of a refresh proposal (issue #36 §2): updated facts for a paragraph with a stale
 * claim, a clearer title and meta description; estimated before and costed after from the ledger.
 * The model is a local OpenAI-compatible server; WordPress the in-memory fake (the merge and undo
 * are tested against the real one in refresh-proposals-real-wordpress.test.ts).
 */
describe('refresh proposals with a model: facts, title, meta description, costs', () => {
  let app: FakeModelApp;
  let wordpress: FakeWordPress;
  const lastYear = new Date().getUTCFullYear() - 2;
  const propose = (wpId: number) =>
    app.t.request({
      method: 'POST',
      url: '/api/refresh/proposals',
      cookie: app.cookie,
      payload: { site_id: app.siteId, wp_id: wpId },
    });

  beforeAll(async () => {
    app = await startFakeModelApp({ concurrency: 1 });
    wordpress = new FakeWordPress();
    app.t.services.sites.clientFactory = () => wordpress;
    const prices = await app.t.request({
      method: 'PUT',
      url: '/api/settings/prices',
      cookie: app.cookie,
      payload: {
        prices: [{ provider: 'openai-compatible', model: 'fake-model', input_per_million: 2, output_per_million: 8 }],
      },
    });
    expect(prices.statusCode, prices.body).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('proposes the model changes as spans with reasons, priced before and after; the ledger has the calls', async () => {
    const post = await wordpress.posts.create({
      title: 'Kettle prices',
      content: `<p>In ${lastYear} kettle prices rose by a tenth. See <a href="https://example.com/x">the study</a>.</p>\n<p>Clean it often.</p>`,
      excerpt: '',
      status: 'publish',
    });
    app.model.setHandler((request) =>
      request.prompt.includes('These paragraphs state things')
        ? {
            type: 'text',
            content: JSON.stringify({
              paragraphs: [
                {
                  number: 1,
                  html: `Since ${lastYear} kettle prices have settled. See <a href="https://example.com/x">the study</a>.`,
                  reason: `The ${lastYear} rise is history now.`,
                },
              ],
            }),
          }
        : {
            type: 'text',
            content: JSON.stringify({
              title: 'Kettle prices & what they cost now',
              title_reason: 'Says what the post answers.',
              meta_description: 'What kettles cost now, and why prices moved.',
              meta_reason: 'The post had none.',
            }),
          },
    );
    const response = await propose(post.id);
    expect(response.statusCode, response.body).toBe(201);
    const proposal = response.json<RefreshProposal>();
    const raw = (await wordpress.posts.get(post.id)).content?.raw ?? '';
    const facts = proposal.changes.find((change) => change.kind === 'facts')!;
    expect(facts.before).toBe(
      `In ${lastYear} kettle prices rose by a tenth. See <a href="https://example.com/x">the study</a>.`,
    );
    expect(raw).toContain(facts.before);
    expect(facts.reason).toBe(`The ${lastYear} rise is history now.`);
    expect(proposal.changes.find((change) => change.kind === 'title')).toMatchObject({
      field: 'title',
      before: 'Kettle prices',
      after: 'Kettle prices &amp; what they cost now',
    });
    expect(proposal.changes.find((change) => change.kind === 'meta_description')).toMatchObject({
      field: 'excerpt',
      after: 'What kettles cost now, and why prices moved.',
    });
    expect(proposal.estimated_cost_usd).toBeGreaterThan(0);
    expect(proposal.cost_usd).toBeGreaterThan(0);
    expect(app.model.requests).toHaveLength(2);

    const applied = await app.t.request({
      method: 'POST',
      url: `/api/refresh/proposals/${proposal.id}/apply`,
      cookie: app.cookie,
      payload: {},
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const after = await wordpress.posts.get(post.id);
    expect(after.content?.raw).toBe(raw.replace(facts.before, facts.after));
  });

  it('a rewrite that drops a link is not proposed; with nothing else, 409 nothing to change', async () => {
    const post = await wordpress.posts.create({
      title: 'Kettle lids',
      content: `<p>In ${lastYear} lids were <a href="https://example.com/lids">all metal</a>.</p>`,
      excerpt: 'Lids.',
      status: 'publish',
    });
    app.model.setHandler((request) =>
      request.prompt.includes('These paragraphs state things')
        ? {
            type: 'text',
            content: JSON.stringify({
              paragraphs: [{ number: 1, html: 'Lids are plastic now.', reason: 'Changed.' }],
            }),
          }
        : {
            type: 'text',
            content: JSON.stringify({
              title: 'Kettle lids',
              title_reason: 'Clear already.',
              meta_description: 'Lids.',
              meta_reason: 'Fine.',
            }),
          },
    );
    const response = await propose(post.id);
    expect(response.statusCode, response.body).toBe(409);
  });

  it('a rewrite that adds markup (an image with a handler, a script) is not proposed: the model changes words only', async () => {
    const post = await wordpress.posts.create({
      title: 'Kettle spouts',
      content: `<p>In ${lastYear} spouts were <strong>short</strong>.</p>`,
      excerpt: 'Spouts.',
      status: 'publish',
    });
    const answers = [
      `Spouts are <strong>long</strong> now.<img src=x onerror=alert(1)>`,
      `Spouts are <strong onclick="alert(1)">long</strong> now.`,
      `Spouts are <strong>long</strong> now. <script>alert(1)</script>`,
      `Spouts are <strong>long</strong> now. 1 < 2 > 0`,
    ];
    app.model.setHandler((request) =>
      request.prompt.includes('These paragraphs state things')
        ? {
            type: 'text',
            content: JSON.stringify({
              paragraphs: [{ number: 1, html: answers.shift() ?? 'Spouts.', reason: 'Changed.' }],
            }),
          }
        : {
            type: 'text',
            content: JSON.stringify({
              title: 'Kettle spouts',
              title_reason: 'Clear already.',
              meta_description: 'Spouts.',
              meta_reason: 'Fine.',
            }),
          },
    );
    for (let i = 0; i < 4; i++) {
      const response = await propose(post.id);
      expect(response.statusCode, response.body).toBe(409);
    }
  });
});
