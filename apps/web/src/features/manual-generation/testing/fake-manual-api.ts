import {
  type InventoryTaxonomy,
  type LlmSettings,
  type ManualGenerationResult,
  type Site,
  TASK_TYPES,
} from '@abp/contracts';
import { HttpResponse, http } from 'msw';
import { llmSettings } from '../../../test/llm-settings';
import { makeSite } from '../../../test/sites';

export function makeResult(overrides: Partial<ManualGenerationResult> = {}): ManualGenerationResult {
  return {
    title: 'A Practical Guide to Composting',
    article_id: 42,
    content: '<h2>Why compost</h2><p>Compost feeds the soil.</p>',
    attempts: 2,
    refusal_recovered: true,
    refusal_matches: ["I'm sorry, but I can't help with that."],
    word_count: 812,
    status: 'draft',
    wordpress_post_id: 310,
    wordpress_permalink: 'https://garden.example/?p=310',
    publish_error: null,
    held: null,
    offline: true,
    ...overrides,
  };
}

interface FakeManualOptions {
  sites?: Site[];
  /** Blog configurations; null answers 404 (no such endpoint yet). */
  configs?: Array<{ site_id: number; content_persona: string; topics: string[] }> | null;
  generate?: (body: Record<string, unknown>) => Response | Promise<Response>;
  failing?: Array<'sites' | 'task-types' | 'configs'>;
  settings?: LlmSettings;
  /** Each site's categories and authors (its content inventory); none by default. */
  taxonomy?: Record<number, InventoryTaxonomy>;
}

const serverError = () => HttpResponse.json({ error: 'Internal server error', code: 'internal' }, { status: 500 });

/** The calls of the manual generation screens, with the requests they received. */
export function createFakeManualApi(options: FakeManualOptions = {}) {
  const requests: Array<Record<string, unknown>> = [];
  const failing = new Set(options.failing ?? []);
  const handlers = [
    http.get('/api/settings/llm', () => HttpResponse.json(options.settings ?? llmSettings())),
    http.get('/api/sites/:id/inventory/taxonomy', ({ params }) =>
      HttpResponse.json(options.taxonomy?.[Number(params.id)] ?? { categories: [], authors: [] }),
    ),
    http.get('/api/sites', () =>
      failing.has('sites') ? serverError() : HttpResponse.json(options.sites ?? [makeSite()]),
    ),
    http.get('/api/manual/task-types', () =>
      failing.has('task-types') ? serverError() : HttpResponse.json([...TASK_TYPES]),
    ),
    http.get('/api/config', () => {
      if (failing.has('configs')) return serverError();
      if (options.configs === null || options.configs === undefined)
        return HttpResponse.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
      return HttpResponse.json(options.configs);
    }),
    http.post('/api/manual/generate', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      requests.push(body);
      if (options.generate) return options.generate(body);
      return 'options' in body
        ? HttpResponse.json({ data: makeResult() })
        : HttpResponse.json({
            success: true,
            message: 'Article "A Practical Guide to Composting" generated and pushed to WordPress as a draft',
            article_id: 42,
          });
    }),
  ];
  return { handlers, requests };
}
