import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Built from the repository root (`vite build --config frontend/vite.config.ts`),
// so every path is anchored to this directory rather than to the working directory.
const frontendRoot = fileURLToPath(new URL('.', import.meta.url));

// The gateway serves every /api route, including the /api/login redirect target.
const apiProxy = {
  '/api': 'http://127.0.0.1:8080',
};

export default defineConfig({
  root: frontendRoot,
  plugins: [react()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: apiProxy,
  },
  preview: {
    proxy: apiProxy,
  },
});
