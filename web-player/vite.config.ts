import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The player site (architecture.md §6). `npm run -w @bashiri/web-player dev` serves it with /graphql
 * (queries and the graphql-ws websocket) proxied to the API on 127.0.0.1:3000 (or `API_ORIGIN`). Run from web-player/ (npm -w does).
 */
export default defineConfig({
  base: '/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      '/graphql': { target: process.env.API_ORIGIN ?? 'http://127.0.0.1:3000', changeOrigin: true, ws: true },
    },
  },
});
