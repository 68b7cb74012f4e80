import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { type AppContext, createServices, defineJobs } from '../../apps/server/src/container.js';
import { openPglite } from '../../apps/server/src/db/client.js';
import { applyMigrations } from '../../apps/server/src/db/migrate.js';
import { OfflineWriterProvider } from '../../apps/server/src/integrations/llm/index.js';
import { JobQueue } from '../../apps/server/src/jobs/queue.js';
import { SecretBox } from '../../apps/server/src/lib/secret-box.js';
import { ArticleGenerator } from '../../apps/server/src/modules/generation/engine/index.js';
import { FakeWordPress } from '../../apps/server/test/wordpress/fake-wordpress.js';
import type { Scenario } from '../scenario.js';

const RUNS = 5;
const WORDS = 3000;
const SECRET = 'bench-secret-0123456789abcdef0123456789abcdef';
const PASSWORD = 'bench-operator-password';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * One manual generation end to end, in process: POST /api/manual/generate with the offline writer
 * and a title card, stored in the embedded database and pushed to an in-memory WordPress. Set
 * against the engine alone, it shows what storing, the quality gate and publishing add.
 */
export const manualGenerationScenario: Scenario = {
  name: 'manual-generation',
  description: `POST /api/manual/generate, ${WORDS} words with a featured image, offline writer, in-memory WordPress`,
  async run() {
    const handle = await openPglite(undefined);
    await applyMigrations(handle);
    const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), adminPassword: PASSWORD, appSecret: SECRET };
    const queue = JobQueue.create(handle, 'all', { error: () => undefined });
    const ctx: AppContext = {
      config,
      role: 'all',
      handle,
      queue,
      appSecret: SECRET,
      secretBox: SecretBox.fromAppSecret(SECRET),
    };
    const services = createServices(ctx);
    await services.auth.ensureOperator(PASSWORD);
    defineJobs(ctx, services);
    await queue.start();
    const app = await buildApp(ctx, services, false);
    const wordpress = new FakeWordPress();
    services.sites.clientFactory = () => wordpress;
    try {
      const headers = { 'x-requested-with': 'XMLHttpRequest' };
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers,
        payload: { password: PASSWORD },
      });
      const cookie = login.cookies.map((c) => `${c.name}=${encodeURIComponent(c.value)}`).join('; ');
      const site = await app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: { ...headers, cookie },
        payload: {
          name: 'Bench',
          url: 'https://bench.example',
          username: 'editor',
          password: 'abcd efgh ijkl mnop',
          is_active: true,
          content_persona: '',
        },
      });
      const siteId = (site.json() as { id: number }).id;

      const generator = new ArticleGenerator({ provider: new OfflineWriterProvider() });
      const engine: number[] = [];
      const request: number[] = [];
      for (let run = 0; run <= RUNS; run++) {
        const topic = `Home espresso technique ${run}`;
        let started = performance.now();
        await generator.generate({ topic, wordCount: WORDS, includeImages: true });
        const engineMs = performance.now() - started;
        started = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: '/api/manual/generate',
          headers: { ...headers, cookie },
          payload: {
            topic,
            site_id: siteId,
            task_type: 'Blog Post',
            options: { includeImages: true, publishStatus: 'publish', wordCount: WORDS, persona: '' },
          },
        });
        const requestMs = performance.now() - started;
        if (res.statusCode !== 200) throw new Error(`generate answered ${res.statusCode}: ${res.body}`);
        if (run === 0) continue; // warm-up
        engine.push(engineMs);
        request.push(requestMs);
      }
      return {
        [`engine + title card (median of ${RUNS})`]: ms(median(engine)),
        [`whole request (median of ${RUNS})`]: ms(median(request)),
        'store + quality gate + publish': ms(median(request) - median(engine)),
        'posts pushed to WordPress': wordpress.store.posts.size,
      };
    } finally {
      await app.close();
      await queue.stop(2_000);
      await handle.close();
    }
  },
};
