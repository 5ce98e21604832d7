import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The back office (issue 8; architecture.md §6), served by the API at `/admin`.
 * `npm run -w @bashiri/web-admin dev` serves it with /graphql proxied to the API on 127.0.0.1:3000
 * (`API_URL` picks another).
 */
const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: { '/graphql': { target: api, changeOrigin: true, ws: true } },
  },
});
