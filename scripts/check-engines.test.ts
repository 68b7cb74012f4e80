import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types
import { ACCEPTED, engineProblems, workspaceProblems } from './check-engines.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const APP = '^20.19.0 || ^22.13.0 || >=24.0.0';
type Problems = (lock: unknown, range: string, accepted?: unknown[]) => string[];
const check = engineProblems as Problems;

const lock = (
  packages: Record<string, { version: string; engines?: { node: string }; dev?: boolean; link?: boolean }>,
) => ({ packages: { '': { name: 'app' }, ...packages } });
const pgBoss = { 'node_modules/pg-boss': { version: '12.35.0', engines: { node: '>=22.12.0' } } };

describe('check-engines (npm run lint)', () => {
  it('fails on a runtime dependency that requires a newer Node than the app declares, naming it and the way out', () => {
    const problems = check(
      lock({
        ...pgBoss,
        'node_modules/@fastify/static/node_modules/content-disposition': {
          version: '3.0.0',
          engines: { node: '>=22' },
        },
      }),
      APP,
    );
    expect(problems).toEqual([
      `content-disposition@3.0.0 (runtime dependency, node_modules/@fastify/static/node_modules/content-disposition) declares Node ">=22", but the app declares "${APP}": pin a version that supports it (package.json "overrides") or replace it`,
    ]);
  });

  it('fails on a dev dependency too, and on a range that leaves out a supported line (22.12 when 22.13 is declared is fine, 22.14 is not)', () => {
    expect(
      check(
        lock({
          ...pgBoss,
          'node_modules/@axe-core/playwright': { version: '4.14.0', engines: { node: '>=22.12.0' }, dev: true },
        }),
        APP,
      )[0],
    ).toContain('@axe-core/playwright@4.14.0 (dev dependency');
    expect(
      check(
        lock({ ...pgBoss, 'node_modules/x': { version: '1.0.0', engines: { node: '^20.19.0 || ^22.12.0 || >=24' } } }),
        APP,
      ),
    ).toEqual([]);
    expect(
      check(
        lock({ ...pgBoss, 'node_modules/x': { version: '1.0.0', engines: { node: '^20.19.0 || ^22.14.0 || >=24' } } }),
        APP,
      ),
    ).toHaveLength(1);
  });

  it('passes packages that declare a wider range or none, and ignores workspace links', () => {
    const problems = check(
      lock({
        ...pgBoss,
        'node_modules/a': { version: '1.0.0', engines: { node: '>=18' } },
        'node_modules/b': { version: '1.0.0' },
        'node_modules/@abp/server': { version: '1.0.0', link: true },
      }),
      APP,
    );
    expect(problems).toEqual([]);
  });

  it('holds an accepted disagreement to its one version and its one left-out line, and fails once it is no longer needed', () => {
    expect(
      check(lock({ 'node_modules/pg-boss': { version: '12.36.0', engines: { node: '>=22.12.0' } } }), APP),
    ).toEqual([
      expect.stringContaining('pg-boss@12.36.0 (runtime dependency'),
      expect.stringContaining('the accepted disagreement for pg-boss@12.35.0 is no longer needed'),
    ]);
    expect(check(lock({ 'node_modules/pg-boss': { version: '12.35.0', engines: { node: '>=24' } } }), APP)).toEqual([
      expect.stringContaining('leaves out more of'),
    ]);
    expect(check(lock({ 'node_modules/pg-boss': { version: '12.35.0', engines: { node: '>=20' } } }), APP)).toEqual([
      expect.stringContaining('is no longer needed'),
    ]);
  });

  it('fails a workspace that declares another range than the root', () => {
    const root = { engines: { node: APP } };
    expect(
      workspaceProblems(root, [
        { file: 'apps/server/package.json', pkg: { engines: { node: '>=20' } } },
        { file: 'apps/web/package.json', pkg: {} },
      ]),
    ).toEqual([`apps/server/package.json declares engines.node ">=20", the root declares "${APP}"`]);
  });

  it("passes on the repository's own lockfile, with pg-boss as its only accepted exception", () => {
    const read = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));
    const pkg = read('package.json');
    expect(pkg.engines.node).toBe(APP);
    expect(check(read('package-lock.json'), pkg.engines.node)).toEqual([]);
    expect((ACCEPTED as Array<{ name: string }>).map((a) => a.name)).toEqual(['pg-boss']);
  });
});
