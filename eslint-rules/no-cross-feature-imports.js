import path from 'node:path';

/**
 * Features of the web app never import each other (DESIGN.md §4): what two features share lives in
 * apps/web/src/lib, components or api. Shared code never imports a feature (issue #34): a feature
 * builds on lib, components and api, never the other way round. The app shell (src/app, main.tsx)
 * is the one place that puts features together — the router loads each feature's pages, the shell
 * shows the sign-in gate and the bulk-job indicator — and it imports a feature only through its
 * public entry (`features/<x>`, its index.ts), never a file inside it. Tests of shared code may use
 * a feature's test helpers (they are not part of the app).
 *
 * Resolves each relative import against the importing file.
 */
const SRC = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;
const SHARED = new Set(['components', 'lib', 'api', 'test']);
const SHELL = new Set(['app', 'main.tsx', 'main.ts']);

/** Where a file of the web app is: { area: 'features' | 'components' | …, feature?, rest } or null outside src. */
function placeOf(file) {
  const at = file.lastIndexOf(SRC);
  if (at === -1) return null;
  const parts = file.slice(at + SRC.length).split(path.sep);
  if (parts[0] === 'features') return { area: 'features', feature: parts[1] ?? null, rest: parts.slice(2) };
  return { area: parts[0], feature: null, rest: parts.slice(1) };
}

const isTestFile = (file) => /\.test\.[cm]?[jt]sx?$/.test(file);
/** `features/<x>`, `features/<x>/index`, `features/<x>/index.ts(x)`: the feature's public entry. */
const isEntry = (rest) => rest.length === 0 || (rest.length === 1 && /^index(\.[cm]?[jt]sx?)?$/.test(rest[0]));

export default {
  meta: {
    type: 'problem',
    docs: {
      description: 'features do not import each other; shared code imports no feature; the shell only their entries',
    },
    schema: [],
    messages: {
      crossFeature:
        'Feature "{{from}}" imports from feature "{{to}}": move what both need to src/lib, src/components or src/api.',
      sharedImportsFeature:
        'Shared code (src/{{area}}) imports feature "{{to}}": shared code never depends on a feature; move what it needs out of the feature.',
      shellDeepImport:
        'The app shell imports a file inside feature "{{to}}": import the feature\'s public entry (features/{{to}}) and export what is needed there.',
    },
  },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const from = placeOf(file);
    if (!from) return {};
    const shared = SHARED.has(from.area) && !isTestFile(file);
    const shell = SHELL.has(from.area);
    if (from.area !== 'features' && !shared && !shell) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = placeOf(path.resolve(path.dirname(file), source));
      if (!to || to.area !== 'features' || !to.feature) return;
      const data = { from: from.feature, to: to.feature, area: from.area };
      if (from.area === 'features') {
        if (to.feature !== from.feature) context.report({ node: node.source, messageId: 'crossFeature', data });
      } else if (shared) context.report({ node: node.source, messageId: 'sharedImportsFeature', data });
      else if (!isEntry(to.rest)) context.report({ node: node.source, messageId: 'shellDeepImport', data });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
