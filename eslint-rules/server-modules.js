/**
 * The server's module boundaries (issue #34), enforced with eslint-plugin-import-x:
 * - `import-x/no-restricted-paths`: a module imports only the modules it declares below; lib/,
 *   integrations/, db/ and jobs/ import no module; modules import no plugin and not the wiring
 *   (app.ts, container.ts, main.ts).
 * - `import-x/no-cycle`: no import cycle between files (value imports; import-x leaves `import type` out).
 * The declared dependencies must form no loop: `moduleLoop()` finds one, and eslint.config.js
 * refuses to load while there is one, so a loop can only come in by declaring it, which fails lint.
 * docs/architecture.md draws the same graph (mermaid).
 */
import { createNodeResolver } from 'eslint-plugin-import-x';

export const SERVER_SRC = 'apps/server/src';

/**
 * import-x's settings for the server: TypeScript files are parsed for their imports (without
 * `import-x/extensions` and `parsers`, import-x skips them and sees no cycle), and `./x.js` names
 * the source `./x.ts`.
 */
export const SERVER_IMPORT_SETTINGS = {
  'import-x/extensions': ['.ts', '.js'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
  'import-x/resolver-next': [
    createNodeResolver({ extensions: ['.ts', '.js', '.json'], extensionAlias: { '.js': ['.ts', '.js'] } }),
  ],
};

/** Module → the modules it may import (what it does not own and calls: types, interfaces, services). */
export const MODULE_DEPENDENCIES = {
  'article-pipeline': ['articles', 'generation', 'publishing', 'usage'],
  articles: [],
  auth: [],
  backlinks: ['publishing', 'site-inventory', 'site-knowledge'],
  'blog-configs': ['posting-policy', 'site-inventory'],
  'bulk-jobs': ['article-pipeline', 'site-inventory'],
  calendar: ['posting-policy'],
  dashboard: [],
  diagnostics: [],
  generation: ['articles', 'quality-gate', 'usage'],
  health: [],
  idempotency: [],
  'manual-generation': ['article-pipeline', 'site-inventory'],
  notifications: [],
  mcp: ['article-pipeline', 'articles', 'quality-gate', 'site-knowledge', 'sites', 'usage'],
  'posting-policy': [],
  publishing: ['articles', 'quality-gate'],
  'quality-gate': [],
  sameness: [],
  refresh: ['site-inventory', 'usage'],
  review: ['articles', 'backlinks'],
  scheduler: ['article-pipeline', 'blog-configs', 'posting-policy'],
  seo: ['article-pipeline', 'articles', 'publishing', 'usage'],
  settings: [],
  'site-inventory': ['site-knowledge', 'sites'],
  'site-knowledge': ['usage'],
  sites: ['articles'],
  trends: ['article-pipeline', 'articles', 'dashboard', 'posting-policy', 'settings', 'usage'],
  usage: ['settings'],
};

/** A loop in the declared dependencies (['a', 'b', 'a']), or null when there is none. */
export function moduleLoop(dependencies = MODULE_DEPENDENCIES) {
  const state = new Map(); // module → 'open' while on the path, 'done' once explored
  const path = [];
  const visit = (module) => {
    if (state.get(module) === 'done') return null;
    if (state.get(module) === 'open') return [...path.slice(path.indexOf(module)), module];
    state.set(module, 'open');
    path.push(module);
    for (const next of dependencies[module] ?? []) {
      const loop = visit(next);
      if (loop) return loop;
    }
    path.pop();
    state.set(module, 'done');
    return null;
  };
  for (const module of Object.keys(dependencies)) {
    const loop = visit(module);
    if (loop) return loop;
  }
  return null;
}

/** The zones of `import-x/no-restricted-paths` (paths relative to the repository's root). */
export function serverBoundaryZones(dependencies = MODULE_DEPENDENCIES) {
  const loop = moduleLoop(dependencies);
  if (loop)
    throw new Error(`eslint-rules/server-modules.js: the declared module dependencies loop: ${loop.join(' → ')}`);
  const src = `./${SERVER_SRC}`;
  const modules = Object.entries(dependencies).map(([module, allowed]) => ({
    target: `${src}/modules/${module}`,
    from: `${src}/modules`,
    except: [`./${module}`, ...allowed.map((other) => `./${other}`)],
    message: `Module "${module}" may import only the modules it declares (eslint-rules/server-modules.js: ${allowed.join(', ') || 'none'}); receive another module's operations through an interface in the constructor, or declare the dependency if it makes no loop.`,
  }));
  const noModules = ['lib', 'integrations', 'db', 'jobs'].map((layer) => ({
    target: `${src}/${layer}`,
    from: `${src}/modules`,
    message: `${layer}/ is shared below the modules: it never imports one.`,
  }));
  const wiring = ['plugins', 'app.ts', 'container.ts', 'main.ts'].map((top) => ({
    target: `${src}/modules`,
    from: `${src}/${top}`,
    message: 'Modules do not import the wiring or the plugins: what they need is given to them (container.ts).',
  }));
  return [...modules, ...noModules, ...wiring];
}
