import { eq } from 'drizzle-orm';
import { articles } from '../../src/db/schema/index.js';
import type { TestApp } from '../test-app.js';
import { FakeWordPress, type FakeWordPressOptions } from '../wordpress/fake-wordpress.js';

/** Every site of this app answers with the same in-memory WordPress. */
export function useFakeWordPress(t: TestApp, options: FakeWordPressOptions = {}): FakeWordPress {
  const fake = new FakeWordPress(options);
  t.services.sites.clientFactory = () => fake;
  return fake;
}

export function publish(
  t: TestApp,
  cookie: string,
  id: number | string,
  payload?: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.request({
    method: 'POST',
    url: `/api/articles/${id}/publish`,
    cookie,
    headers,
    ...(payload ? { payload } : {}),
  });
}

export async function articleRow(t: TestApp, id: number) {
  const [row] = await t.ctx.handle.db.select().from(articles).where(eq(articles.id, id));
  return row!;
}
