import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = 'http://localhost:3000';

/**
 * Modules that do nothing when imported, so a chunk keeps only what it uses of them: packages/domain
 * (no I/O by design; the shell uses the route table and messages, not the DTO schemas) and antd's form
 * engine, which every popup reaches through antd's context isolation but only forms use.
 */
const PURE_MODULES = /packages\/domain\/src\/|node_modules\/@rc-component\/(form|async-validator)\//;

export default defineConfig({
  // Resolve paths from this folder whether the build is started here or from the repository root.
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Absolute asset URLs: the server answers deep client routes (/view/…) with the same index.html.
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // undefined keeps the default (the package.json sideEffects field) for everything else.
        moduleSideEffects: (id: string) => (PURE_MODULES.test(id) ? false : undefined),
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
    },
  },
});
