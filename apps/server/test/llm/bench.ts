import { OfflineWriterProvider } from '../../src/integrations/llm/index.js';
import { ArticleGenerator } from '../../src/modules/generation/engine/index.js';
import { type CallSpan, startFakeOpenAiServer } from './fake-openai-server.js';
import { providerFor } from './helpers.js';

/*
 * Figures for `npm run bench`: how long the offline writer takes, and how much time the pipeline
 * adds on top of the model's own when a model answers with a fixed latency per call.
 */

type Figures = Record<string, string | number>;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Wall time during which at least one model call was in progress. */
function busyTime(spans: readonly CallSpan[]): number {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  let busy = 0;
  let current: CallSpan | undefined;
  for (const span of sorted) {
    if (current && span.start <= current.end) current.end = Math.max(current.end, span.end);
    else {
      if (current) busy += current.end - current.start;
      current = { ...span };
    }
  }
  return busy + (current ? current.end - current.start : 0);
}

export async function benchOfflineGeneration(
  wordCounts: readonly number[] = [3000, 20_000],
  runs = 5,
): Promise<Figures> {
  const generator = new ArticleGenerator({ provider: new OfflineWriterProvider() });
  const figures: Figures = {};
  await generator.generate({ topic: 'warm-up run', wordCount: 1000 }); // JIT and module warm-up
  for (const wordCount of wordCounts) {
    const times: number[] = [];
    let words = 0;
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      const article = await generator.generate({ topic: `home espresso ${run}`, wordCount });
      times.push(performance.now() - started);
      words = article.wordCount;
    }
    figures[`offline ${wordCount} words (median of ${runs})`] = ms(median(times));
    figures[`offline ${wordCount} words: words written`] = words;
  }
  return figures;
}

export interface FakeServerBenchOptions {
  wordCount?: number;
  latencyMs?: number;
  concurrency?: number;
  stream?: boolean;
}

/** One article against the local chat-completions server, each call taking `latencyMs`. */
export async function benchFakeServerGeneration(options: FakeServerBenchOptions = {}): Promise<Figures> {
  const { wordCount = 3000, latencyMs = 50, concurrency = 4, stream = false } = options;
  const server = await startFakeOpenAiServer({ latencyMs });
  try {
    const generator = new ArticleGenerator({
      provider: providerFor(server.baseUrl, { concurrency, stream, apiKey: 'bench' }),
      sectionConcurrency: concurrency,
    });
    // Warm-up: module loading, JIT and the first connection are not the pipeline's steady cost.
    await generator.generate({ topic: 'warm-up', wordCount: 500 });
    server.spans.length = 0;
    const started = performance.now();
    const article = await generator.generate({ topic: 'remote team rituals', wordCount });
    const total = performance.now() - started;
    const busy = busyTime(server.spans);
    const modelSum = server.spans.reduce((sum, span) => sum + (span.end - span.start), 0);
    const label = `${wordCount} words, ${latencyMs} ms/call, concurrency ${concurrency}${stream ? ', streaming' : ''}`;
    return {
      [`${label}: total`]: ms(total),
      [`${label}: model calls`]: server.spans.length,
      [`${label}: model time (sum of calls)`]: ms(modelSum),
      [`${label}: model-busy wall time`]: ms(busy),
      [`${label}: pipeline overhead`]: `${ms(total - busy)} (${(((total - busy) / total) * 100).toFixed(1)}% of total)`,
      [`${label}: words written`]: article.wordCount,
    };
  } finally {
    await server.close();
  }
}

/** Scenarios in the shape bench/run.ts lists. */
export const generationBenchScenarios = [
  {
    name: 'generation-offline',
    description: 'offline writer, 3,000 and 20,000 words',
    run: () => benchOfflineGeneration(),
  },
  {
    name: 'generation-pipeline',
    description: 'engine against a local chat-completions server with a fixed 50 ms per call',
    run: async () => ({
      ...(await benchFakeServerGeneration({ wordCount: 3000 })),
      ...(await benchFakeServerGeneration({ wordCount: 3000, stream: true })),
      ...(await benchFakeServerGeneration({ wordCount: 20_000 })),
    }),
  },
];
