import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import type { RealSite } from './real-site.js';

const run = promisify(execFile);

/**
 * Runs SQL on the test WordPress' own database, for what no REST call can do: things that happen
 * to real sites behind the app's back (WP-Cron missing a scheduled post). Uses the credentials
 * scripts/start-wordpress.sh wrote for the site's port.
 */
export async function wordpressSql(site: RealSite, statement: string): Promise<string> {
  const port = new URL(site.url).port;
  const file = `/tmp/wordpress-local/state/${port}/credentials.env`;
  const values = Object.fromEntries(
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^WP_DB_\w+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  const client = fs.existsSync('/usr/bin/mariadb') ? '/usr/bin/mariadb' : 'mysql';
  const { stdout } = await run(
    client,
    [
      '--protocol=tcp',
      '-h',
      values.WP_DB_HOST!,
      '-P',
      values.WP_DB_PORT!,
      '-u',
      values.WP_DB_USER!,
      values.WP_DB_NAME!,
      '--batch',
      '-e',
      statement,
    ],
    { env: { ...process.env, MYSQL_PWD: values.WP_DB_PASSWORD! } },
  );
  return stdout;
}
