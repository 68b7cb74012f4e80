import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress';

// The web app compiles the contracts from source, so a contract change needs no separate build.
const contracts = fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url));

const SIGNED_IN_ROOTS = [
  'src/app/router-app.tsx',
  'src/app/shell/app-shell.tsx',
  'src/features/dashboard/index.ts',
].map((file) => fileURLToPath(new URL(file, import.meta.url)));

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicImporters: readonly string[] } | null;
}

let signedIn: { graph: ModuleGraph; modules: Set<string> } | undefined;

/**
 * The modules the signed-in roots import statically, directly or through others, except those that
 * are also imported lazily: those keep a chunk of their own, so the manifest still names them.
 */
function signedInModules(graph: ModuleGraph): Set<string> {
  if (signedIn?.graph === graph) return signedIn.modules;
  const modules = new Set<string>();
  const stack = [...SIGNED_IN_ROOTS];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (modules.has(id)) continue;
    modules.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  for (const id of modules) if (graph.getModuleInfo(id)?.dynamicImporters.length) modules.delete(id);
  signedIn = { graph, modules };
  return modules;
}

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: { '@abp/contracts': contracts } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which files each module's chunk needs; the size budgets read it
    // (scripts/size-budgets.mjs). The server does not serve dot-folders.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Long-cached on its own: it changes only with a React upgrade.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            // Everything the login screen needs, in the entry chunk: every file costs its response
            // headers too (about 1 KB each, issue #35).
            { name: 'index', tags: ['$initial'], priority: 1 },
            // What a signed-in operator needs first: the router, the shell and the dashboard (the
            // screen sign-in lands on), in one chunk loaded after sign-in. Other screens keep their
            // own chunks, and the modules they share with no first screen are split by use, so the
            // login screen never downloads a component only another screen uses (issue #13).
            { debugName: 'signed-in', name: (id, ctx) => (signedInModules(ctx).has(id) ? 'signed-in' : null) },
          ],
        },
      },
    },
  },
  server: {
    // Same origin in development too: the session cookie and the X-Requested-With check then
    // behave exactly as when the server serves the built app.
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
