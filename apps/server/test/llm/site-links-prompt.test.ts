import { afterAll, beforeAll, expect, it } from 'vitest';
import { ArticleGenerator } from '../../src/modules/generation/engine/index.js';
import { placeSiteLinks } from '../../src/modules/site-inventory/live-site-links.js';
import { type FakeOpenAiServer, startFakeOpenAiServer } from './fake-openai-server.js';
import { writerReply } from './fake-writer.js';
import { providerFor } from './helpers.js';

let server: FakeOpenAiServer;
beforeAll(async () => {
  server = await startFakeOpenAiServer();
});
afterAll(() => server.close());

const siteLinks = [
  { title: 'Pruning tomato plants', url: 'https://blog.example/pruning-tomato/' },
  { title: 'Staking tomato plants', url: 'https://blog.example/staking-tomato/' },
];

it("a model is given the site's posts to link to, each in one section after the introduction, and its links are kept as the site's", async () => {
  // The fake model places the link it is asked for in a sentence of its own.
  server.setHandler((request) => {
    const reply = writerReply(request);
    const asked = siteLinks.find((link) => request.prompt.includes(link.url));
    if (!asked || reply.type !== 'text') return reply;
    return {
      type: 'text',
      content: `${reply.content}<p>More on <a href="${asked.url}">keeping vines tidy</a> here.</p>`,
    };
  });
  const article = await new ArticleGenerator({ provider: providerFor(server.baseUrl), sectionConcurrency: 2 }).generate(
    { topic: 'balcony tomatoes', wordCount: 900, siteLinks },
  );
  const sections = server.requests.filter((r) => r.prompt.includes('Write section'));
  for (const link of siteLinks) {
    const asking = sections.filter((r) => r.prompt.includes(link.url));
    expect(asking).toHaveLength(1);
    expect(asking[0]!.prompt).toContain('in a sentence of its own');
    expect(asking[0]!.prompt).not.toContain('Write section 1 of');
  }
  // Both links were written with the same words: the first keeps them, the second is placed anew or listed.
  const targets = siteLinks.map((link, i) => ({ wpId: i + 1, title: link.title, link: link.url, excerpt: '' }));
  const { links } = placeSiteLinks(article.content, targets, () => 1, true);
  expect(links[0]).toMatchObject({ wpId: 1, anchor: 'keeping vines tidy' });
  expect(links).toHaveLength(2);
  expect(links[1]!.anchor).not.toBe('keeping vines tidy');
});
