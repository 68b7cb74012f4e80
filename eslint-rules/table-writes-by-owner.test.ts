import path from 'node:path';
import { getTableName, isTable } from 'drizzle-orm';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import * as schema from '../apps/server/src/db/schema/index.js';
import { TABLE_OWNERS } from './table-owners.js';
import rule, { tableNameOf } from './table-writes-by-owner.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const linter = new Linter({ configType: 'flat' });
const config = [
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { abp: { rules: { 'table-writes-by-owner': rule } } },
    rules: { 'abp/table-writes-by-owner': ['error' as const, { root: ROOT, owners: TABLE_OWNERS }] },
  },
];

function problems(file: string, code: string): string[] {
  return linter
    .verify(code, config, { filename: path.join(ROOT, file) })
    .map((message) => (message.fatal ? `fatal: ${message.message}` : message.message));
}

const SCHEMA_IMPORT = "import { articles, blogConfigs, sites } from '../../db/schema/index.js';";
const SQL_IMPORT = "import { sql } from 'drizzle-orm';";

describe('abp/table-writes-by-owner', () => {
  it('reports a drizzle insert, update or delete of a table another module owns', () => {
    const file = 'apps/server/src/modules/seo/articles/seo-articles.repository.ts';
    expect(problems(file, `${SCHEMA_IMPORT}\nawait db.update(articles).set({ title: 'x' });`)).toEqual([
      '.update() writes table "articles", which only apps/server/src/modules/articles may write: call an operation of its owner (given to this module through its constructor).',
    ]);
    expect(problems(file, `${SCHEMA_IMPORT}\nawait tx.insert(articles).values({});`)).toHaveLength(1);
    expect(problems(file, `${SCHEMA_IMPORT}\nawait tx.delete(articles).where(x);`)).toHaveLength(1);
    // A renamed import, a namespace import, the scheduler writing a blog configuration.
    expect(
      problems(file, "import { articles as a } from '../../db/schema/articles.js';\nawait db.update(a).set({});"),
    ).toHaveLength(1);
    expect(
      problems(file, "import * as schema from '../../db/schema/index.js';\nawait db.delete(schema.articles);"),
    ).toHaveLength(1);
    expect(
      problems(
        'apps/server/src/modules/scheduler/scheduler.repository.ts',
        `${SCHEMA_IMPORT}\nawait tx.update(blogConfigs).set({ nextPostAt });`,
      ),
    ).toEqual([expect.stringContaining('table "blog_configs", which only apps/server/src/modules/blog-configs')]);
  });

  it('reports raw SQL that writes a table another module owns', () => {
    const file = 'apps/server/src/modules/bulk-jobs/bulk-items.repository.ts';
    expect(
      problems(file, `${SQL_IMPORT}\nawait db.execute(sql\`update articles set title = \${t} where id = 1\`);`),
    ).toEqual([expect.stringContaining('SQL "update" writes table "articles"')]);
    expect(
      problems(file, `${SQL_IMPORT}\nawait db.execute(sql\`INSERT INTO "articles" (title) values ('x')\`);`),
    ).toHaveLength(1);
    expect(problems(file, `${SQL_IMPORT}\nawait db.execute(sql\`delete from articles where id = 1\`);`)).toHaveLength(
      1,
    );
    // A schema table interpolated into the text, and text handed to a driver's query.
    expect(
      problems(file, `${SCHEMA_IMPORT}\n${SQL_IMPORT}\nawait db.execute(sql\`update \${articles} set x = 1\`);`),
    ).toHaveLength(1);
    expect(problems(file, "await pglite.exec('DELETE FROM sites WHERE id = 1');")).toEqual([
      expect.stringContaining('table "sites", which only apps/server/src/modules/sites'),
    ]);
  });

  it('allows the owner to write, anyone to read, and words that are not SQL', () => {
    expect(
      problems(
        'apps/server/src/modules/articles/article-store.repository.ts',
        `${SCHEMA_IMPORT}\n${SQL_IMPORT}\nawait db.update(articles).set({});\nawait db.execute(sql\`delete from articles\`);`,
      ),
    ).toEqual([]);
    const reader = 'apps/server/src/modules/publishing/publishing.repository.ts';
    expect(
      problems(
        reader,
        `${SCHEMA_IMPORT}\n${SQL_IMPORT}\nawait db.select().from(articles);\nawait db.execute(sql\`select 1 from articles a where exists (select 1 from sites)\`);`,
      ),
    ).toEqual([]);
    // Its own table, a table not in the schema, and a message that only reads like SQL.
    expect(problems(reader, `${SQL_IMPORT}\nawait db.execute(sql\`update article_fingerprints set x = 1\`);`)).toEqual(
      [],
    );
    expect(problems(reader, "const message = 'Could not update articles: try again';")).toEqual([]);
    // A local variable named like a table is not the schema's table.
    expect(problems(reader, 'const articles = repo;\nawait articles.update(articles);')).toEqual([]);
  });

  it('knows every table of the schema: its owner is listed, and its export name is its name in camelCase', () => {
    const tables = Object.entries(schema).filter(([, value]) => isTable(value));
    expect(tables.length).toBeGreaterThan(30);
    for (const [exportName, table] of tables) {
      const name = getTableName(table as Parameters<typeof getTableName>[0]);
      expect(tableNameOf(exportName), exportName).toBe(name);
      expect(TABLE_OWNERS[name], `owner of ${name}`).toBeDefined();
    }
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual(
      tables.map(([, table]) => getTableName(table as Parameters<typeof getTableName>[0])).sort(),
    );
  });
});
