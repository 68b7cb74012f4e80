// size-budgets: the page-weight budgets of issue #35, checked on the built web app by size-limit
// (its configuration, .size-limit.mjs, is sizeLimitChecks() below). `npm run size` builds the web
// app and runs size-limit; it is part of `npm run lint`, so a change that crosses a budget fails CI
// with the sizes.
//
// The budgets are what Chromium counts for a page (DevTools' "transferred", measured by
// `npm run bench -- page-weight`): the JS and CSS files it downloads, encoded as the server sends
// them, response headers included. size-limit measures file sizes, so each page's limit is its
// budget less a header allowance per file, and the files measured are the .br copies the server
// sends a browser that accepts brotli (Chromium does; apps/server/src/plugins/web-app.ts).
//
// Which files a page downloads comes from Vite's manifest (dist/.vite/manifest.json), not from
// hashed names: the chunks of the modules the page loads, the chunks those import statically
// (the browser fetches them before running the module), and their CSS. The modules are named by
// source path below; e2e/page-weight.spec.ts checks in Chromium that each page loads exactly the
// files derived from them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIST = path.join(ROOT, 'apps/web/dist');

/**
 * Response headers of one asset, rounded up: the server sends 967 bytes with a JS file (security
 * headers, cache and encoding headers; `curl -D -`), and Chromium counts them.
 */
export const HEADER_ALLOWANCE_BYTES = 1024;

/** Budgets in KB of 1,024 bytes, as the bench prints them. The goals were 150 KB and 300 KB (issue #13). */
export const PAGES = [
  {
    name: 'login screen',
    budgetKB: 140,
    // The entry: AuthGate shows the login form without loading anything lazily.
    modules: ['index.html'],
  },
  {
    name: 'signed-in dashboard',
    budgetKB: 280,
    modules: [
      'index.html',
      // Loaded after the status says signed in: the auth schemas, then the router, which loads the
      // shell and the index route (app/routes.ts).
      'src/features/auth/lib/auth-schemas.ts',
      'src/app/router-app.tsx',
      'src/app/shell/app-shell.tsx',
      'src/features/dashboard/index.ts',
    ],
  },
];

/**
 * The files the given modules need, in load order: each module's chunk, the chunks it imports
 * statically (recursively) and their CSS. A module missing from the manifest is an error, so a
 * renamed file cannot drop out of its budget unnoticed.
 */
export function pageFiles(manifest, modules) {
  const files = [];
  const seen = new Set();
  const visit = (key, via) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) {
      throw new Error(
        via
          ? `the build manifest has no "${key}" (imported by ${via})`
          : `the build manifest has no module "${key}": was it renamed? Update PAGES in scripts/size-budgets.mjs`,
      );
    }
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported, key);
    for (const file of [chunk.file, ...(chunk.css ?? [])]) if (!files.includes(file)) files.push(file);
  };
  for (const module of modules) visit(module);
  return files;
}

/** The copy the server sends a browser that accepts brotli: the .br beside the file when the build wrote one. */
export function servedFile(dist, file) {
  const br = path.join(dist, `${file}.br`);
  return fs.existsSync(br) ? br : path.join(dist, file);
}

export function readManifest(dist = WEB_DIST) {
  const file = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(file)) {
    throw new Error(`${path.relative(ROOT, file)} is missing: build the web app first (npm run size does)`);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** size-limit's checks, one per page (see the top of this file for the measure). */
export function sizeLimitChecks({ dist = WEB_DIST, pages = PAGES } = {}) {
  const manifest = readManifest(dist);
  return pages.map((page) => {
    const files = pageFiles(manifest, page.modules);
    const headers = files.length * HEADER_ALLOWANCE_BYTES;
    return {
      // size-limit prints kB of 1,000 bytes; the budgets are in KB of 1,024, as the bench prints them.
      name: `${page.name}: ${files.length} files as sent (brotli); limit = budget ${page.budgetKB} KB as Chromium counts − ${files.length} × 1 KB of response headers (1 KB = 1,024 B; size-limit's kB = 1,000 B)`,
      // Absolute paths: size-limit globs them, and hashed names hold no glob characters.
      path: files.map((file) => servedFile(dist, file)),
      // The .br files are what is sent: measured as they are, not compressed again.
      brotli: false,
      limit: `${page.budgetKB * 1024 - headers} B`,
      message: `The ${page.name} crossed its page-weight budget. See what it loads with \`npm run bench -- page-weight\` (BENCH_WEIGHT_FILES=1 lists the files); budgets: scripts/size-budgets.mjs.`,
    };
  });
}
