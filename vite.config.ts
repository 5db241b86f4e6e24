import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // Texts from schemas are plain text: RJSF's markdown renderer is replaced (engine/form/plainText.tsx says why).
    alias: [
      { find: /^markdown-to-jsx(\/react)?$/, replacement: fileURLToPath(new URL('./engine/form/plainText.tsx', import.meta.url)) },
      // Translations arrive precompiled (scripts/compile-messages.ts), so the ICU parser stays out of the bundle.
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' },
    ],
  },
  server: {
    // `npm run dev` serves the panel with hot reload and forwards the API to `npm run dev:server`.
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // The build report (npm run bench) follows the manifest to size what each route loads.
    manifest: true,
    chunkSizeWarningLimit: 700,
  },
});
