import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/db/migrate.js';
import { oldMigrationsFolder } from '../old-migrations.js';

/**
 * Starts the new migrations on a database the previous version made and used: articles whose
 * publish failed for good under the old rules (scheduled and trend articles were marked 'failed')
 * come out as the drafts the one rule leaves, and nothing else changes.
 */
const OLD_MIGRATIONS = 13; // 0000 … 0012: the version before the one publish-failure rule

describe('upgrade: the one rule for a failed publish', () => {
  const pglite = new PGlite();
  afterAll(async () => pglite.close());

  it('turns old publish failures of scheduled and trend articles into drafts, and leaves every other article alone', async () => {
    await migrate(drizzle(pglite), { migrationsFolder: oldMigrationsFolder(OLD_MIGRATIONS) });
    const insert = (
      title: string,
      content: string,
      status: string,
      reason: string | null,
      postId: number | null = null,
      origin = 'schedule',
    ) =>
      pglite.query(
        `insert into articles (title, content, status, failure_reason, wordpress_post_id, origin) values ($1, $2, $3, $4, $5, $6) returning id`,
        [title, content, status, reason, postId, origin],
      );
    await insert(
      'Slot article',
      '<p>Body</p>',
      'failed',
      'Scheduled publishing failed: WordPress post create failed: Sorry, you are not allowed to create posts.',
    );
    await insert(
      'Trend article',
      '<p>Body</p>',
      'failed',
      'Trend publishing failed: WordPress post create failed: 503',
      null,
      'trend',
    );
    await insert('Generation failure', '', 'failed', 'The model refused', null, 'manual');
    await insert('Failed with a post', '<p>Body</p>', 'failed', 'Scheduled publishing failed: later', 42);
    await insert('Published', '<p>Body</p>', 'published', null, 7, 'bulk');

    await migrate(drizzle(pglite), { migrationsFolder: MIGRATIONS_DIR });

    const rows = await pglite.query<{
      title: string;
      status: string;
      failure_reason: string | null;
      wordpress_post_id: number | null;
    }>('select title, status, failure_reason, wordpress_post_id from articles order by id');
    expect(rows.rows).toEqual([
      {
        title: 'Slot article',
        status: 'draft',
        failure_reason: 'Publishing failed: WordPress post create failed: Sorry, you are not allowed to create posts.',
        wordpress_post_id: null,
      },
      {
        title: 'Trend article',
        status: 'draft',
        failure_reason: 'Publishing failed: WordPress post create failed: 503',
        wordpress_post_id: null,
      },
      { title: 'Generation failure', status: 'failed', failure_reason: 'The model refused', wordpress_post_id: null },
      {
        title: 'Failed with a post',
        status: 'failed',
        failure_reason: 'Scheduled publishing failed: later',
        wordpress_post_id: 42,
      },
      { title: 'Published', status: 'published', failure_reason: null, wordpress_post_id: 7 },
    ]);
  });
});
