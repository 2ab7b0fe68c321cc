import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = 'http://localhost:3000';

export default defineConfig({
  // Resolve paths from this folder whether the build is started here or from the repository root.
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Absolute asset URLs: the server answers deep client routes (/view/…) with the same index.html.
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
    },
  },
});
