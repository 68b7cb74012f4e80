import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FailoverProvider, LlmError } from '../../src/integrations/llm/index.js';
import { type FakeOpenAiServer, startFakeOpenAiServer } from './fake-openai-server.js';
import { providerFor } from './helpers.js';

// Issue #37 point 6: a structured answer that does not fit is repaired, asked again once, then left to the next provider.
let first: FakeOpenAiServer;
let second: FakeOpenAiServer;
beforeAll(async () => {
  first = await startFakeOpenAiServer();
  second = await startFakeOpenAiServer();
});
afterAll(async () => {
  await first.close();
  await second.close();
});
beforeEach(() => {
  first.requests.length = 0;
  second.requests.length = 0;
});

// Every real model is a chain (LlmProviderRegistry), even of one provider: the chain repairs and asks again.
const chainOf = (...servers: FakeOpenAiServer[]) =>
  new FailoverProvider(servers.map((server) => providerFor(server.baseUrl)));
const keywords = z.object({
  keywords: z.array(z.object({ keyword: z.string(), type: z.enum(['primary', 'semantic']) })),
});
const valid = { keywords: [{ keyword: 'pour over coffee', type: 'primary' }] };
const ask = { prompt: 'Research keywords for home coffee brewing as JSON.', schema: keywords };

describe('structured answers that do not match', () => {
  it('reads JSON out of code fences and prose, and a list given without its object, without asking again', async () => {
    first.setHandler(() => ({
      type: 'text',
      content: `Sure! Here are the keywords:\n\`\`\`json\n${JSON.stringify(valid)}\n\`\`\`\nHope this helps.`,
    }));
    expect((await chainOf(first).generateObject(ask)).object).toEqual(valid);
    first.setHandler(() => ({ type: 'text', content: JSON.stringify(valid.keywords) }));
    expect((await chainOf(first).generateObject(ask)).object).toEqual(valid);
    expect(first.requests).toHaveLength(2);
  });

  it('asks once more, telling the model what did not fit, when the first answer cannot be repaired', async () => {
    first.setHandler((_request, call) =>
      call === 1
        ? { type: 'text', content: '{"keywords": [{"keyword": "pour over coffee", "type": "head term"}]}' }
        : { type: 'text', content: JSON.stringify(valid) },
    );
    const result = await chainOf(first).generateObject(ask);
    expect(result.object).toEqual(valid);
    expect(first.requests).toHaveLength(2);
    // The validation problem, by field, is in the second prompt.
    expect(first.requests[1]!.prompt).toContain('did not match the requested JSON structure');
    expect(first.requests[1]!.prompt).toContain('keywords.0.type');
    expect(result.usage.outputTokens).toBe(first.reportedUsage.at(-1)!.completionTokens);
  });

  it('goes to the next provider of the chain when one never answers in the structure, and fails in words when none does', async () => {
    first.setHandler(() => ({
      type: 'text',
      content: 'I cannot produce JSON, but pour over coffee is a good keyword.',
    }));
    second.setHandler(() => ({ type: 'text', content: JSON.stringify(valid) }));
    const chain = chainOf(first, second);
    expect((await chain.generateObject(ask)).object).toEqual(valid);
    expect(first.requests).toHaveLength(2);
    expect(second.requests).toHaveLength(1);

    second.setHandler(() => ({ type: 'text', content: '{"keywords": "pour over coffee"}' }));
    const error = await chain.generateObject(ask).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(LlmError);
    expect(error).toMatchObject({ kind: 'bad_output' });
    expect((error as LlmError).message).toMatch(/answered twice with text that does not match the expected structure/);
    expect(first.requests).toHaveLength(4);
    expect(second.requests).toHaveLength(3);
  });
});
