import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The player site (architecture.md §6). `npm run -w @bashiri/web-player dev` serves it with /graphql
 * (queries and the graphql-ws websocket) proxied to the API on 127.0.0.1:3000 (or `API_ORIGIN`). Run from web-player/ (npm -w does).
 */
/**
 * Modules that only pages loaded on demand use (issue 7 item 8, docs/benchmarks.md "bench:web"): the
 * account and content pages, the match screens other than /home, the texts of en-US, zh-CN and of the
 * account and content pages, and the graphql-ws client (loaded with the first subscription).
 */
const ON_DEMAND =
  /[\\/](src[\\/](account|content)[\\/]|src[\\/]matches[\\/]pages\.tsx|src[\\/]i18n[\\/](registry-later\.ts|locales[\\/](en-US|zh-CN)\.ts)|node_modules[\\/]graphql-ws[\\/])/;

export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The first-load chunk is ~530 kB minified, ~147 kB gzip: its budget is checked in gzip by bench:web.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Everything the first screen needs in one chunk (better compressed, fewer round trips on a
        // slow network than the shared chunks rolldown would cut by default); the rest per import().
        codeSplitting: {
          groups: [{ name: 'index', test: (id: string) => !ON_DEMAND.test(id) && !id.includes('?') }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/graphql': { target: process.env.API_ORIGIN ?? 'http://127.0.0.1:3000', changeOrigin: true, ws: true },
    },
  },
});
