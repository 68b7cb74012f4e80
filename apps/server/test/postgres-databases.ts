import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Scratch databases on the PostgreSQL server of TEST_DATABASE_URL (the PostgreSQL pass of
 * `npm test`). Every database of one Vitest run is named `<run prefix>_…`, so the run drops them
 * all when it ends, and a run never touches another run's databases.
 */
export function newRunPrefix(): string {
  // TEST_DATABASE_PREFIX: another name than abp_test for the run's databases (scripts/ensure-postgres.sh
  // drops every abp_test_… database it finds, so two runs sharing one server keep apart this way).
  return `${process.env.TEST_DATABASE_PREFIX ?? 'abp_test'}_${randomBytes(4).toString('hex')}`;
}

export function scratchName(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

/** The admin URL with another database name. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function asAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Names are ours (a prefix and hex digits), never input: safe to put into the statement. */
function identifier(name: string): string {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name ${name}`);
  return name;
}

/**
 * Creates the database, empty or as a copy of `template` (a migrated database nobody is connected
 * to: PostgreSQL copies it file by file, far faster than running the migrations again).
 */
export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<string> {
  await asAdmin(adminUrl, (client) =>
    client.query(`CREATE DATABASE ${identifier(name)}${template ? ` TEMPLATE ${identifier(template)}` : ''}`),
  );
  return databaseUrl(adminUrl, name);
}

/**
 * Drops every database whose name starts with `prefix`, closing what is still connected. Eight at
 * a time: each DROP DATABASE waits for a checkpoint, and drops side by side share one (a run's
 * hundred databases took over three minutes one after the other).
 */
export async function dropDatabases(adminUrl: string, prefix: string): Promise<void> {
  const { rows } = await asAdmin(adminUrl, (client) =>
    client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE starts_with(datname, $1)`, [
      `${identifier(prefix)}_`,
    ]),
  );
  const names = rows.map((row) => row.datname);
  const lane = async () => {
    for (let name = names.pop(); name !== undefined; name = names.pop()) {
      await dropDatabase(adminUrl, identifier(name));
    }
  };
  await Promise.all(Array.from({ length: 8 }, lane));
}

/**
 * FORCE closes the tests' connections, but may not end an autovacuum worker (it is the superuser's,
 * and our role lacks pg_signal_backend): then a plain DROP, which asks autovacuum to stop itself,
 * the two in turn, a few times.
 */
async function dropDatabase(adminUrl: string, database: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await asAdmin(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${database}${attempt % 2 === 1 ? ' WITH (FORCE)' : ''}`),
      );
      return;
    } catch (error) {
      if (attempt === 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}
