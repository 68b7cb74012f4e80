import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress';

// The web app compiles the contracts from source, so a contract change needs no separate build.
const contracts = fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url));

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: { '@abp/contracts': contracts } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Only libraries whose every module is needed at once get their own long-cached chunk.
        // MUI, the form and data libraries are left to automatic splitting: a group takes all
        // its matching modules into one chunk, so the login screen would download every
        // component any screen uses (issue #13: 430 KB of MUI before the login form).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // Loaded after sign-in, with the shell.
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
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
