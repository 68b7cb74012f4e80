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
    expect(problems('apps/web/src/lib/a.ts', "import { x } from '../features/sites/api/get';")).toEqual([]);
  });
});
