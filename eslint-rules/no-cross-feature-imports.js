import path from 'node:path';

/**
 * Features of the web app never import each other (DESIGN.md §4): what two features share lives in
 * apps/web/src/lib, components or api. Resolves each relative import against the importing file and
 * reports one that lands in another feature's folder.
 */
const FEATURES = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}features${path.sep}`;

function featureOf(file) {
  const at = file.lastIndexOf(FEATURES);
  if (at === -1) return null;
  return file.slice(at + FEATURES.length).split(path.sep)[0] ?? null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'a feature folder may not import from another feature folder' },
    schema: [],
    messages: {
      crossFeature:
        'Feature "{{from}}" imports from feature "{{to}}": move what both need to src/lib, src/components or src/api.',
    },
  },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const from = featureOf(file);
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = featureOf(path.resolve(path.dirname(file), source));
      if (to && to !== from) context.report({ node: node.source, messageId: 'crossFeature', data: { from, to } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
