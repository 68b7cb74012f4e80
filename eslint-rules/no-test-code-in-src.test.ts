import path from 'node:path';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import rule from './no-test-code-in-src.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const linter = new Linter({ configType: 'flat' });
const config = [
  {
    files: ['**/*.ts'],
    plugins: { abp: { rules: { 'no-test-code-in-src': rule } } },
    rules: { 'abp/no-test-code-in-src': 'error' as const },
  },
];

function problems(file: string, code = ''): string[] {
  return linter.verify(code, config, { filename: path.join(ROOT, file) }).map((message) => message.message);
}

describe('abp/no-test-code-in-src', () => {
  it('reports production source importing from the tests, however the path is written', () => {
    expect(
      problems(
        'apps/server/src/modules/sites/sites.service.ts',
        "import { FakeWordPress } from '../../../test/wordpress/fake-wordpress.js';",
      ),
    ).toEqual([
      'Production source imports test code ("../../../test/wordpress/fake-wordpress.js"): fakes and test helpers live in apps/server/test/ and never ship.',
    ]);
    expect(problems('apps/server/src/a.ts', "export * from '../test/test-app.js';")).toHaveLength(1);
    expect(problems('apps/server/src/a.ts', "const m = import('../test/llm/helpers.js');")).toHaveLength(1);
  });

  it('reports an import of a file or folder named like a fake, and of a test library', () => {
    for (const source of [
      './fake-wordpress.js',
      '../llm/fakes.js',
      './wordpress.fake.js',
      './llm-testing.js',
      './testing/index.js',
      './mock-model.js',
      './stub_feed.js',
      'vitest',
      'msw/node',
      '@testing-library/react',
    ])
      expect(
        problems('apps/server/src/integrations/wordpress/index.ts', `import { x } from '${source}';`),
        source,
      ).toHaveLength(1);
  });

  it('reports a file of the production source named like a fake or lying in a test folder', () => {
    expect(problems('apps/server/src/integrations/wordpress/fake-wordpress.ts')).toEqual([
      '"fake-wordpress.ts" is named like a fake or test helper: it belongs next to the tests that use it (apps/server/test/), not in src/.',
    ]);
    expect(problems('apps/server/src/integrations/llm/testing/model.ts')).toHaveLength(1);
    expect(problems('apps/server/src/lib/mocks.ts')).toHaveLength(1);
  });

  it('allows production imports, names that merely contain "test", the tests themselves and other folders', () => {
    const code = [
      "import { runConnectionTest } from './connection-test.js';",
      "import { a } from '../../lib/plain-text.js';",
      "import { z } from 'zod';",
      "import { b } from './latest-posts.js';",
    ].join('\n');
    expect(problems('apps/server/src/integrations/wordpress/index.ts', code)).toEqual([]);
    expect(problems('apps/server/src/integrations/wordpress/connection-test.ts')).toEqual([]);
    // Colocated tests are not built; the test folder and the web app are not production server source.
    expect(problems('apps/server/src/lib/plain-text.test.ts', "import { x } from './fake-thing.js';")).toEqual([]);
    expect(
      problems('apps/server/test/articles/publish-helpers.ts', "import { F } from '../wordpress/fake-wordpress.js';"),
    ).toEqual([]);
    expect(
      problems('apps/web/src/features/sites/api/get-sites.ts', "import { f } from '../testing/fake-sites-api';"),
    ).toEqual([]);
  });
});
