import path from 'node:path';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import rule from './no-cross-feature-imports.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const linter = new Linter({ configType: 'flat' });
const config = [
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { abp: { rules: { 'no-cross-feature-imports': rule } } },
    rules: { 'abp/no-cross-feature-imports': 'error' as const },
  },
];

function problems(file: string, code: string): string[] {
  return linter.verify(code, config, { filename: path.join(ROOT, file) }).map((message) => message.message);
}

describe('abp/no-cross-feature-imports', () => {
  it('reports a feature importing from another feature, however the path is written', () => {
    expect(
      problems('apps/web/src/features/sites/components/a.tsx', "import { x } from '../../articles/api/get';"),
    ).toEqual([
      'Feature "sites" imports from feature "articles": move what both need to src/lib, src/components or src/api.',
    ]);
    expect(problems('apps/web/src/features/sites/a.ts', "export * from '../../features/seo/index';")).toHaveLength(1);
    expect(problems('apps/web/src/features/sites/a.ts', "const m = import('../trends/page');")).toHaveLength(1);
  });

  it('allows imports inside the feature, from shared folders, and from packages', () => {
    const code = [
      "import { a } from './b';",
      "import { c } from '../lib/d';",
      "import { e } from '../../../lib/api-client';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(problems('apps/web/src/features/sites/components/a.tsx', code)).toEqual([]);
  });

  // Issue #34 turned the last assertion of the test above (src/lib importing a feature was allowed) into this rule.
  it('reports shared code (lib, components, api) importing a feature, however the path is written', () => {
    expect(problems('apps/web/src/lib/a.ts', "import { x } from '../features/sites/api/get';")).toEqual([
      'Shared code (src/lib) imports feature "sites": shared code never depends on a feature; move what it needs out of the feature.',
    ]);
    expect(problems('apps/web/src/components/forms/b.tsx', "import { Page } from '../../features/seo';")).toHaveLength(
      1,
    );
    expect(problems('apps/web/src/api/c.ts', "export * from '../features/articles/index';")).toHaveLength(1);
    expect(problems('apps/web/src/lib/resources/d.ts', "const m = import('../../features/trends');")).toHaveLength(1);
    // Shared code among itself, and a shared component's test using a feature's test helpers, are fine.
    expect(problems('apps/web/src/components/e.tsx', "import { f } from '../lib/api-client';")).toEqual([]);
    expect(
      problems(
        'apps/web/src/components/e.test.tsx',
        "import { fake } from '../features/articles/testing/fake-articles-api';",
      ),
    ).toEqual([]);
  });

  it('lets the app shell import a feature only through its public entry', () => {
    const entries = [
      "import { AuthGate } from '../features/auth';",
      "import { useLogout } from '../../features/auth/index';",
      "const page = () => import('../features/dashboard').then((m) => m.DashboardPage);",
    ];
    expect(problems('apps/web/src/app/app.tsx', entries[0]!)).toEqual([]);
    expect(problems('apps/web/src/app/shell/top-bar.tsx', entries[1]!)).toEqual([]);
    expect(problems('apps/web/src/app/routes.ts', entries[2]!)).toEqual([]);
    expect(
      problems('apps/web/src/app/shell/top-bar.tsx', "import { X } from '../../features/bulk-jobs/components/x';"),
    ).toEqual([
      'The app shell imports a file inside feature "bulk-jobs": import the feature\'s public entry (features/bulk-jobs) and export what is needed there.',
    ]);
    expect(problems('apps/web/src/main.tsx', "import { y } from './features/auth/api/get-status';")).toHaveLength(1);
  });
});
