import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The player site (architecture.md §6). `npm run -w @bashiri/web-player dev` serves it with /graphql
 * (queries and the graphql-ws websocket) proxied to the API on 127.0.0.1:3000 (or `API_ORIGIN`). Run from web-player/ (npm -w does).
 */
/**
 * Modules that only pages loaded on demand use (issue 7 item 8, docs/benchmarks.md "bench:web"): the
 * account and content pages, the match screens other than /home, the texts of en-US, zh-CN and of the
 * account and content pages, the match facts block (matches/MatchFacts.tsx), the app-download and support-chat pages (site/pages.tsx, site/routes.tsx),
 * and the graphql-ws client (loaded with the first subscription).
 */
const ON_DEMAND =
  /[\\/](src[\\/](account|content|racing|promotion|pool|casino|cashout)[\\/]|src[\\/](matches|site)[\\/]pages\.tsx|src[\\/]matches[\\/]MatchFacts\.tsx|src[\\/]site[\\/]((routes|parts|icons|eager-routes)\.tsx|(parts|pages)\.css)|src[\\/](layout|matches|site)[\\/]texts(-pages)?\.ts|src[\\/]i18n[\\/](registry(-later)?\.ts|locales[\\/](en-US|zh-CN)\.ts)|node_modules[\\/]graphql-ws[\\/]|src[\\/]protection[\\/]|domain[\\/]src[\\/](racing|pool|casino|cashout|promotion)[\\/]|domain[\\/]src[\\/]wallet[\\/]lines\.ts|node_modules[\\/]@noble[\\/])/;

export default defineConfig({
  base: '/',
  // The footer's build time (site/SiteExtras.tsx BUILD_TIME, spec §2 Footer).
  define: { __BUILD_TIME__: JSON.stringify(new Date().toISOString()) },
  plugins: [
    react(),
    /**
     * The installable app (spec §2 /app_download.html; issue 16 point 3): a web manifest, the icons of
     * public/icons (rendered from public/icons/icon.svg, see docs/player-site.md), and a Workbox service
     * worker that precaches the shell (index.html, the entry script and style, icons) so the site opens
     * offline, and keeps the other chunks (hashed, immutable) once fetched. Pages are network-first;
     * GraphQL, the back office, uploads and health are never served from the cache.
     */
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      includeAssets: ['icons/apple-touch-icon.png', 'icons/icon.svg'],
      manifest: {
        id: '/',
        name: 'Bashiri',
        short_name: 'Bashiri',
        description: 'Bashiri: football betting in Tanzania (18+)',
        lang: 'sw',
        start_url: '/#/home',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#eef1f0',
        theme_color: '#0b6e4f',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The shell only (what the first load fetched anyway, so no extra bytes on a slow network);
        // the chunks of other pages are cached as they are first used.
        globPatterns: ['index.html', 'manifest.webmanifest', 'icons/*.png', 'assets/index-*.{js,css}'],
        // Pages come from the network when it answers (a new build shows at once); offline, from the
        // precached index.html. Nothing else of the server (GraphQL, back office, uploads) is cached.
        navigateFallback: null,
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && !/^\/(graphql|admin|uploads|healthz)/.test(url.pathname),
            handler: 'NetworkFirst',
            options: { cacheName: 'pages', precacheFallback: { fallbackURL: '/index.html' } },
          },
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'assets', expiration: { maxEntries: 100 } },
          },
        ],
        cleanupOutdatedCaches: true,
        // A new worker takes over open pages at once (with autoUpdate's skipWaiting): offline works
        // right after the first visit.
        clientsClaim: true,
      },
    }),
  ],
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
