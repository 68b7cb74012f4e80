import path from 'node:path';

/**
 * Test fakes never ship in the server's production source (DESIGN.md §3: an integration's fake
 * lives with the tests, never in src/). For every file of apps/server/src except colocated
 * *.test.ts files (left out of the build), reports:
 * - the file itself when its name says it is a fake or a test helper (fake-…, …-testing, mock, stub);
 * - an import that resolves into a test folder (apps/server/test/, …/testing/, …/fakes/) or to a
 *   file named like that, and an import of a test library (vitest, msw, @testing-library/…).
 */
const SERVER_SRC = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}`;
/** fake-wordpress.ts, fakes.ts, wordpress.fake.ts, llm-testing.ts, mock-model.ts, stub_feed.ts — not connection-test.ts. */
const TEST_NAME = /(^|[-_.])(fakes?|testing|mocks?|stubs?)([-_.]|$)/i;
const TEST_FOLDERS = new Set(['test', 'tests', 'testing', '__tests__', '__mocks__', 'fakes', 'mocks']);
const TEST_PACKAGES = /^(vitest|msw|@playwright\/test)(\/|$)|^@testing-library\//;

function isProductionSource(file) {
  return file.includes(SERVER_SRC) && !/\.(test|spec)\.[cm]?[jt]sx?$/.test(file);
}

/** The test folder or test-named file a path lands in, or null. */
function testPart(resolved) {
  const segments = resolved.split(path.sep);
  const folder = segments.slice(0, -1).find((segment) => TEST_FOLDERS.has(segment));
  if (folder) return `${folder}/`;
  const base = segments.at(-1) ?? '';
  return TEST_NAME.test(base.replace(/\.[cm]?[jt]sx?$/, '')) ? base : null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'the server’s production source neither holds nor imports fakes and test helpers' },
    schema: [],
    messages: {
      testFile:
        '"{{name}}" is named like a fake or test helper: it belongs next to the tests that use it (apps/server/test/), not in src/.',
      testImport:
        'Production source imports test code ("{{source}}"): fakes and test helpers live in apps/server/test/ and never ship.',
    },
  },
  create(context) {
    const file = context.filename ?? context.getFilename();
    if (!isProductionSource(file)) return {};
    // Paths are judged from the repository's root, so a checkout under e.g. ~/test/ is no test folder.
    const root = file.slice(0, file.lastIndexOf(SERVER_SRC));
    const inRepo = (absolute) => path.relative(root, absolute);
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      const hit = source.startsWith('.')
        ? testPart(inRepo(path.resolve(path.dirname(file), source)))
        : TEST_PACKAGES.test(source)
          ? source
          : null;
      if (hit) context.report({ node: node.source, messageId: 'testImport', data: { source } });
    };
    return {
      Program(node) {
        const name = testPart(inRepo(file));
        if (name) context.report({ node, messageId: 'testFile', data: { name: path.basename(file) } });
      },
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
