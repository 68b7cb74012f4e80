import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../src/db/migrate.js';

/**
 * A migrations folder holding only the first `count` migrations (0000 … count-1): the schema an
 * older version left behind, for upgrade tests that start the new migrations or code on it.
 */
export function oldMigrationsFolder(count: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abp-old-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  journal.entries = journal.entries.slice(0, count);
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries)
    fs.copyFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}
