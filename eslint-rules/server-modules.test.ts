import fs from 'node:fs';
import path from 'node:path';
import { Linter } from 'eslint';
import { importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import {
  MODULE_DEPENDENCIES,
  moduleLoop,
  SERVER_IMPORT_SETTINGS,
  SERVER_SRC,
  serverBoundaryZones,
} from './server-modules.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const linter = new Linter({ configType: 'flat' });
const config = [
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { 'import-x': importX },
    settings: SERVER_IMPORT_SETTINGS,
    rules: {
      'import-x/no-cycle': ['error' as const, { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error' as const, { basePath: ROOT, zones: serverBoundaryZones() }],
    },
  },
];

/** Lints `code` as if it were the file at `file` (imports resolve against the real tree). */
function problems(file: string, code: string): string[] {
  return linter
    .verify(code, config, { filename: path.join(ROOT, SERVER_SRC, file) })
    .map((message) => `${message.ruleId}: ${message.message}`);
}

describe('server module boundaries (import-x/no-restricted-paths with the declared dependencies)', () => {
  it('fails a module importing one it does not declare: the loops issue #34 broke cannot come back', () => {
    expect(
      problems('modules/settings/x.ts', "import { MeteredProvider } from '../usage/metered-provider.js';"),
    ).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths: .*Module "settings" may import only the modules it declares/,
      ),
    ]);
    expect(
      problems(
        'modules/articles/x.ts',
        "import type { PublishingService } from '../publishing/publishing.service.js';",
      ),
    ).toHaveLength(1);
    expect(
      problems(
        'modules/generation/x.ts',
        "import type { ArticlePipeline } from '../article-pipeline/article-pipeline.module.js';",
      ),
    ).toHaveLength(1);
    expect(
      problems('modules/publishing/x.ts', "import { ArticleGenerator } from '../generation/engine/index.js';"),
    ).toHaveLength(1);
  });

  it('fails lib, integrations, db and jobs importing a module, and a module importing the wiring', () => {
    expect(
      problems('lib/x.ts', "import type { ArticleStore } from '../modules/articles/article-store.repository.js';"),
    ).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths: .*lib\/ is shared below the modules: it never imports one\.$/,
      ),
    ]);
    expect(
      problems('integrations/llm/x.ts', "import { MeteredProvider } from '../../modules/usage/metered-provider.js';"),
    ).toHaveLength(1);
    expect(problems('modules/sites/x.ts', "import { createServices } from '../../container.js';")).toHaveLength(1);
    expect(problems('modules/auth/x.ts', "import { registerSession } from '../../plugins/session.js';")).toHaveLength(
      1,
    );
  });

  it('allows a module its own files, declared modules, lib and integrations', () => {
    const code = [
      "import type { ContentRevisions } from '../articles/article-store.js';",
      "import { postsTodaySql } from '../posting-policy/index.js';",
      "import { toPlainText } from '../../lib/plain-text.js';",
      "import { TrendTargetsRepository } from './trend-targets.repository.js';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(problems('modules/trends/x.ts', code)).toEqual([]);
  });

  it('declares every module folder, only real modules, and no loop (the config refuses to load with one)', () => {
    const folders = fs
      .readdirSync(path.join(ROOT, SERVER_SRC, 'modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(Object.keys(MODULE_DEPENDENCIES).sort()).toEqual(folders);
    for (const allowed of Object.values(MODULE_DEPENDENCIES))
      for (const other of allowed) expect(folders).toContain(other);
    expect(moduleLoop()).toBeNull();
    const looping = { ...MODULE_DEPENDENCIES, settings: ['usage'] };
    expect(moduleLoop(looping)).toEqual(['usage', 'settings', 'usage']);
    expect(() => serverBoundaryZones(looping)).toThrow(
      'the declared module dependencies loop: usage → settings → usage',
    );
  });
});

describe('the declared module graph is the real one', () => {
  const modulesDir = path.join(ROOT, SERVER_SRC, 'modules');
  const filesOf = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesOf(full) : entry.name.endsWith('.ts') ? [full] : [];
    });

  it('uses every declared dependency (a stale one would let an import in unchecked)', () => {
    for (const [module, allowed] of Object.entries(MODULE_DEPENDENCIES)) {
      const imported = new Set<string>();
      for (const file of filesOf(path.join(modulesDir, module))) {
        for (const match of fs.readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
          const target = path.relative(modulesDir, path.resolve(path.dirname(file), match[1]!)).split(path.sep);
          if (target.length > 1 && target[0] !== '..' && target[0] !== module) imported.add(target[0]!);
        }
      }
      expect([...imported].sort(), module).toEqual([...allowed].sort());
    }
  });

  it('is the graph docs/architecture.md draws', () => {
    const doc = fs.readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Module graph'));
    const mermaid = section.slice(
      section.indexOf('```mermaid'),
      section.indexOf('```', section.indexOf('```mermaid') + 3),
    );
    const drawn: Record<string, string[]> = Object.fromEntries(Object.keys(MODULE_DEPENDENCIES).map((m) => [m, []]));
    for (const [, from, to] of mermaid.matchAll(/^ {2}(\w+) --> (.+)$/gm))
      drawn[from!.replaceAll('_', '-')] = to!.split(' & ').map((m) => m.trim().replaceAll('_', '-'));
    expect(drawn).toEqual(MODULE_DEPENDENCIES);
  });
});

describe('import-x/no-cycle on the server', () => {
  it('fails a file that imports (through others) a file that imports it', () => {
    // index.ts re-exports quality-gate.ts: quality-gate.ts importing index.ts closes a loop.
    expect(
      problems(
        'modules/quality-gate/quality-gate.ts',
        "import { runQualityGate } from './index.js';\nexport const x = runQualityGate;",
      ),
    ).toEqual([expect.stringMatching(/^import-x\/no-cycle: Dependency cycle/)]);
  });

  it('passes an import that closes no loop', () => {
    expect(
      problems(
        'modules/quality-gate/other.ts',
        "import { runQualityGate } from './index.js';\nexport const x = runQualityGate;",
      ),
    ).toEqual([]);
  });
});
