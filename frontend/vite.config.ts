import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-plugins/precompress';

// Built from the repository root (`vite build --config frontend/vite.config.ts`),
// so every path is anchored to this directory rather than to the working directory.
const frontendRoot = fileURLToPath(new URL('.', import.meta.url));

// The gateway serves every /api route, including the /api/login redirect target, the
// notification stream (Server-Sent Events, passed on as they come) and uploads (streamed). It
// listens on PORT, as `npm run dev` starts it. The browser's Host is kept: the gateway compares
// a form's Origin with it, and both are this server's.
const apiProxy = {
  '/api': { target: `http://127.0.0.1:${process.env.PORT ?? 8080}`, changeOrigin: false },
};

export default defineConfig({
  root: frontendRoot,
  plugins: [react(), precompress()],
  // Every script and style tag of the built index.html, and a <meta property="csp-nonce">, carry
  // this placeholder; the gateway puts a fresh nonce in its place per response, and in the CSP
  // (gateway/src/spa/app-shell.ts). The app hands it to the <style> elements Radix adds (main.tsx).
  html: { cspNonce: 'CSP_NONCE_PLACEHOLDER' },
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: the gateway reads which files a route's code is, to have the browser
    // fetch them with the page (gateway/src/spa/route-preloads.ts).
    manifest: true,
    rolldownOptions: {
      // The small bundles several screens share (under 12 kB before minifying) go into each of
      // them instead: a screen is then one or two files rather than a dozen, which a phone on a
      // slow link fetches in fewer round trips (the video page: 2 files, not 12). Nothing but
      // index.html loads the entry, so its exports need not be kept.
      preserveEntrySignatures: false,
      output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 12 * 1024 } } },
      // Importing a module of the contracts library (constants, schemas, rules; its package.json
      // says so too) or of the app's own code (components, hooks, API calls; styles aside) does
      // nothing by itself, so what a screen does not use stays out of its bundles: zod schemas, or
      // the admin's Reports tab beside the report button in the moderation feature's index.
      treeshake: {
        moduleSideEffects: [
          { test: /libs[\\/]contracts[\\/]/, sideEffects: false },
          { test: /frontend[\\/]src[\\/].*\.tsx?$/, sideEffects: false },
        ],
      },
    },
  },
  server: {
    proxy: apiProxy,
  },
  preview: {
    proxy: apiProxy,
  },
});
