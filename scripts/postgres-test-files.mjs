// The server test files of the PostgreSQL pass (scripts/test-postgres.sh): every file that reaches
// the test database (apps/server/test/test-database.ts) through its imports — directly, or through
// createTestApp and the helpers built on it. The rest never opens a database of the app's: pure
// unit tests, and the process tests, which start the real server on its embedded database (a data
// directory of its own). `--excluded` lists those instead, for the log.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const TEST_DATABASE = path.join(root, 'apps/server/test/test-database.ts');
const IMPORT = /(?:^|\s)(?:import|export)\s(?!type\s)(?:[^'"]*?\sfrom\s)?['"](\.{1,2}\/[^'"]+)['"]/g;

function testFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** './x.js' in a TypeScript file means './x.ts' (or .tsx); files outside the repository are not followed. */
function resolveImport(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`])
    if (candidate.startsWith(root) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
}

const importsOf = new Map();
function imports(file) {
  if (!importsOf.has(file)) {
    const source = fs.readFileSync(file, 'utf8');
    importsOf.set(
      file,
      [...source.matchAll(IMPORT)].map(([, specifier]) => resolveImport(file, specifier)).filter(Boolean),
    );
  }
  return importsOf.get(file);
}

function reachesTestDatabase(file) {
  const seen = new Set([file]);
  const todo = [file];
  while (todo.length > 0) {
    for (const target of imports(todo.pop())) {
      if (target === TEST_DATABASE) return true;
      if (seen.has(target)) continue;
      seen.add(target);
      todo.push(target);
    }
  }
  return false;
}

const excluded = process.argv.includes('--excluded');
const files = testFiles(path.join(root, 'apps/server/test')).sort();
for (const file of files) if (reachesTestDatabase(file) !== excluded) console.log(path.relative(root, file));
