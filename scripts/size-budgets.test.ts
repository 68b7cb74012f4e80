import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types
import * as budgets from './size-budgets.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');

interface Chunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
interface Page {
  name: string;
  budgetKB: number;
  modules: string[];
}
interface Check {
  name: string;
  path: string[];
  limit: string;
  brotli: boolean;
}
const { HEADER_ALLOWANCE_BYTES, PAGES, pageFiles, servedFile, sizeLimitChecks } = budgets as {
  HEADER_ALLOWANCE_BYTES: number;
  PAGES: Page[];
  pageFiles(manifest: Record<string, Chunk>, modules: string[]): string[];
  servedFile(dist: string, file: string): string;
  sizeLimitChecks(options: { dist: string; pages?: Page[] }): Check[];
};

// The shape of Vite's manifest for this app: an entry, a shared chunk, a lazily loaded route.
const MANIFEST: Record<string, Chunk> = {
  'index.html': {
    file: 'assets/index-A1.js',
    imports: ['_react-B2.js'],
    dynamicImports: ['src/app/router-app.tsx'],
    css: ['assets/index-C3.css'],
  },
  '_react-B2.js': { file: 'assets/react-B2.js' },
  'src/app/router-app.tsx': {
    file: 'assets/router-app-D4.js',
    imports: ['_signed-in-E5.js', 'index.html', '_react-B2.js'],
    dynamicImports: ['src/features/sites/index.ts'],
  },
  '_signed-in-E5.js': { file: 'assets/signed-in-E5.js', imports: ['_react-B2.js'], css: ['assets/signed-in-F6.css'] },
  'src/features/sites/index.ts': { file: 'assets/sites-G7.js', imports: ['_signed-in-E5.js'] },
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A built web app: the manifest above, each file and its .br of the given sizes. */
function fakeDist(brSizes: Record<string, number>): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'abp-size-budgets-'));
  dirs.push(dist);
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(MANIFEST));
  fs.mkdirSync(path.join(dist, 'assets'));
  for (const chunk of Object.values(MANIFEST)) {
    for (const file of [chunk.file, ...(chunk.css ?? [])]) {
      fs.writeFileSync(path.join(dist, file), 'x'.repeat(100_000));
      const br = brSizes[file];
      if (br !== undefined) fs.writeFileSync(path.join(dist, `${file}.br`), 'b'.repeat(br));
    }
  }
  return dist;
}

/** Runs the real size-limit (from the repository, where its file plugin is installed) on checks built for `dist`. */
function runSizeLimit(dist: string, pages: Page[]) {
  const config = path.join(dist, 'size-limit.config.mjs');
  const script = pathToFileURL(path.join(ROOT, 'scripts/size-budgets.mjs')).href;
  fs.writeFileSync(
    config,
    `import { sizeLimitChecks } from ${JSON.stringify(script)};\nexport default sizeLimitChecks({ dist: ${JSON.stringify(dist)}, pages: ${JSON.stringify(pages)} });\n`,
  );
  const res = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/size-limit/bin.js'), '--config', config], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  return { status: res.status, output: `${res.stdout}${res.stderr}` };
}

describe('size budgets (npm run size, part of npm run lint)', () => {
  it('a page downloads its modules’ chunks, what they import statically, and their CSS; never a lazy import', () => {
    expect(pageFiles(MANIFEST, ['index.html'])).toEqual([
      'assets/react-B2.js',
      'assets/index-A1.js',
      'assets/index-C3.css',
    ]);
    expect(pageFiles(MANIFEST, ['index.html', 'src/app/router-app.tsx'])).toEqual([
      'assets/react-B2.js',
      'assets/index-A1.js',
      'assets/index-C3.css',
      'assets/signed-in-E5.js',
      'assets/signed-in-F6.css',
      'assets/router-app-D4.js',
    ]);
  });

  it('refuses a module the manifest does not have, so a renamed file cannot leave its budget', () => {
    expect(() => pageFiles(MANIFEST, ['index.html', 'src/app/router.tsx'])).toThrow(
      'the build manifest has no module "src/app/router.tsx": was it renamed? Update PAGES in scripts/size-budgets.mjs',
    );
  });

  it('measures the .br copy the server sends, or the file itself when the build wrote none', () => {
    const dist = fakeDist({ 'assets/index-A1.js': 10 });
    expect(servedFile(dist, 'assets/index-A1.js')).toBe(path.join(dist, 'assets/index-A1.js.br'));
    expect(servedFile(dist, 'assets/react-B2.js')).toBe(path.join(dist, 'assets/react-B2.js'));
  });

  it('limits each page to its budget less 1 KB of response headers per file, measuring the files as they are', () => {
    const dist = fakeDist({});
    const [check] = sizeLimitChecks({
      dist,
      pages: [{ name: 'login screen', budgetKB: 140, modules: ['index.html'] }],
    });
    expect(HEADER_ALLOWANCE_BYTES).toBe(1024);
    expect(check).toMatchObject({ limit: `${140 * 1024 - 3 * 1024} B`, brotli: false });
    expect(check!.name).toMatch(/^login screen: 3 files/);
    expect(check!.path).toHaveLength(3);
  });

  it('the app’s pages are named by source modules that exist', () => {
    for (const page of PAGES) {
      for (const module of page.modules) {
        if (module !== 'index.html') expect(fs.existsSync(path.join(ROOT, 'apps/web', module)), module).toBe(true);
      }
    }
    expect(PAGES.map((page) => [page.name, page.budgetKB])).toEqual([
      ['login screen', 140],
      ['signed-in dashboard', 280],
    ]);
  });

  it('size-limit passes a page within its budget and fails one over it, printing the sizes', () => {
    // The login page: 3 files of 30,000 + 20,000 + 10,000 bytes = 60,000 bytes, plus 3 KB of headers;
    // the signed-in page adds 3 files of 1,000 bytes (6 files: 63,000 bytes plus 6 KB of headers).
    const dist = fakeDist({
      'assets/index-A1.js': 30_000,
      'assets/react-B2.js': 20_000,
      'assets/index-C3.css': 10_000,
      'assets/signed-in-E5.js': 1_000,
      'assets/signed-in-F6.css': 1_000,
      'assets/router-app-D4.js': 1_000,
    });
    const pages = (login: number, signedIn: number) => [
      { name: 'login screen', budgetKB: login, modules: ['index.html'] },
      { name: 'signed-in page', budgetKB: signedIn, modules: ['index.html', 'src/app/router-app.tsx'] },
    ];

    const within = runSizeLimit(dist, pages(62, 68));
    expect(within.output).toContain('Size limit: 60.42 kB'); // (62 − 3) × 1,024 bytes
    expect(within.output).toContain('Size:       60 kB');
    expect(within.output).toContain('Size limit: 63.49 kB'); // (68 − 6) × 1,024 bytes
    expect(within.output).toContain('Size:       63 kB');
    expect(within.status).toBe(0);

    const over = runSizeLimit(dist, pages(61, 68));
    expect(over.output).toMatch(
      /login screen: 3 files[^\n]*\n\s*Package size limit has exceeded by 608 B\n\s*The login screen crossed its page-weight budget\./,
    ); // 60,000 − (61 − 3) × 1,024
    expect(over.output).toMatch(/signed-in page: 6 files[^\n]*\n\s*Package size is/);
    expect(over.status).toBe(1);
  });
});
