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
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // the antd vendor chunk (antd, rc components, icons, dayjs) is about 1.4 MB minified, 440 kB gzip
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Screens are lazy chunks (src/app/registry.tsx `lazyScreen`); the UI kit and React, which every
        // screen uses, stay in shared vendor chunks cached across screens and releases.
        codeSplitting: {
          groups: [
            {
              name: 'antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+|@emotion|dayjs)[\\/]/,
              priority: 20,
            },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|urql|@urql|wonka|graphql|graphql-ws|i18next|react-i18next)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/graphql': { target: api, changeOrigin: true, ws: true } },
  },
});
