import { afterAll, beforeAll, expect, it } from 'vitest';
import { ArticleTableMaintenance } from '../../src/modules/articles/table-maintenance.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { insertArticle } from './article-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'vacuums the embedded database only after the articles changed',
  async () => {
    const maintenance = new ArticleTableMaintenance(t.ctx.handle);
    await insertArticle(t);
    expect(await maintenance.runIfChanged()).toBe(true);
    expect(await maintenance.runIfChanged()).toBe(false);
    const article = await insertArticle(t);
    expect(await maintenance.runIfChanged()).toBe(true);
    await t.request({
      method: 'PUT',
      url: `/api/articles/${article.id}`,
      cookie: await t.login(),
      payload: { status: 'review' },
    });
    expect(await maintenance.runIfChanged()).toBe(true);
  },
);
