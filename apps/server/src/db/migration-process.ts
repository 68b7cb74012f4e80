import { openPglite } from './client.js';
import { applyMigrations } from './migrate.js';

/**
 * Entry of the short-lived process that creates and migrates the embedded database (see
 * embedded-migrations.ts): argv[2] is the database directory. Exits 0 once the database is
 * migrated and closed; an error is printed and exits 1, and the server does not start.
 */
const dbDir = process.argv[2];
if (!dbDir) {
  process.stderr.write('usage: migration-process <database directory>\n');
  process.exit(2);
}
try {
  const handle = await openPglite(dbDir);
  try {
    await applyMigrations(handle);
  } finally {
    await handle.close();
  }
} catch (err) {
  process.stderr.write(
    `Could not create or migrate the database in ${dbDir}: ${err instanceof Error ? err.message : String(err)}\n`,
  );
  process.exit(1);
}
process.exit(0);
