/**
 * Serving the built web apps from the API (issue 5 item 1; architecture.md §6): the player site
 * (`web-player/dist`) at `/` and the back office (`web-admin/dist`) at `/admin/`, so one process and one
 * origin serve the site, its GraphQL endpoint and its websocket (docs/running.md "Web apps").
 *
 * - Hashed files under `assets/` are cached for a year as immutable; everything else (index.html first)
 *   is `no-cache`, so a new build is picked up on the next visit.
 * - Pre-compressed `.br` / `.gz` twins written by `npm run build` (api/scripts/build-web.ts) are sent
 *   when the browser accepts them (a slow 3G phone downloads the gzipped size).
 * - The back office may use history routes: any GET under `/admin/` that names no file answers its
 *   index.html. The player uses hash routes, so `/` is enough for it.
 * - API routes (`/graphql`, `/healthz`, `/payments/callback/*`, `/uploads/*`, …) are never shadowed: the
 *   static routes are wildcards, which the router tries only after every more specific route.
 * - When an app is not built, its index answers 503 with a page saying how to build it.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One web app served by the API. */
export interface WebSite {
  /** `player` or `admin`: names the app in messages. */
  readonly name: string;
  /** The URL prefix it is served under, ending in `/` (`/`, `/admin/`). */
  readonly prefix: string;
  /** Absolute path of its Vite build output (`…/dist`). */
  readonly dist: string;
  /** Its npm workspace, for the "how to build" page. */
  readonly workspace: string;
  /** True when unknown extension-less paths under `prefix` answer index.html (history routes). */
  readonly historyFallback: boolean;
}

/** The repository root (this file is api/src/web.ts). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The two apps of the repository: the player site at `/`, the back office at `/admin/`. */
export const defaultWebSites = (root: string = REPO_ROOT): readonly WebSite[] => [
  {
    name: 'back office',
    prefix: '/admin/',
    dist: resolve(root, 'web-admin/dist'),
    workspace: 'web-admin',
    historyFallback: true,
  },
  {
    name: 'player site',
    prefix: '/',
    dist: resolve(root, 'web-player/dist'),
    workspace: 'web-player',
    historyFallback: false,
  },
];

/** Cache-Control of hashed build output (file names change with their content). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cache-Control of everything else: revalidate on every visit (ETag / Last-Modified make it cheap). */
export const NO_CACHE = 'no-cache';

const hostSource = (req: IncomingMessage, scheme: 'ws' | 'wss'): string => {
  const host = req.headers.host ?? '';
  // Only a plain host[:port] goes into the header (a forged Host must not inject directives).
  return /^[A-Za-z0-9.[\]:-]{1,255}$/.test(host) ? `${scheme}://${host}` : "'self'";
};

/**
 * The Content-Security-Policy of the site (helmet's `contentSecurityPolicy.directives`): scripts only
 * from this origin; inline styles allowed because Ant Design and React inject `<style>` and `style=`;
 * GraphQL over http and the graphql-ws websocket to this origin (`ws://host` spelled out as well as
 * `'self'`, for browsers where `'self'` does not cover websockets); images from this origin, `data:` and
 * `blob:` (uploads preview); no plugins, no framing by other sites. `upgrade-insecure-requests` is off:
 * the embedded default is served over plain http on a LAN address too.
 */
export const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: [
      "'self'",
      (req: IncomingMessage) => hostSource(req, 'ws'),
      (req: IncomingMessage) => hostSource(req, 'wss'),
    ],
    manifestSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    formAction: ["'self'"],
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page answered when `site` has no build: what is missing and the command that builds it. */
export const notBuiltPage = (site: WebSite): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bashiri: the ${escapeHtml(site.name)} is not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem">
<h1>The ${escapeHtml(site.name)} is not built</h1>
<p>The server is running (GraphQL at <a href="/graphql">/graphql</a>, health at <a href="/healthz">/healthz</a>),
but <code>${escapeHtml(site.dist)}/index.html</code> does not exist.</p>
<p>Build the web apps, then reload this page (no restart needed):</p>
<pre>npm run build</pre>
<p>(or only this one: <code>npm run build -w ${escapeHtml(site.workspace)}</code>). <code>npm start</code> builds them
when they are missing or older than their sources.</p>
</body></html>
`;

const indexOf = (site: WebSite) => resolve(site.dist, 'index.html');

/** Sends `site`'s index.html (no-cache), or the "not built" page with 503. */
const sendIndex = (site: WebSite, reply: FastifyReply) => {
  reply.header('cache-control', NO_CACHE);
  const file = indexOf(site);
  if (!existsSync(file)) return reply.code(503).type('text/html; charset=utf-8').send(notBuiltPage(site));
  return reply.type('text/html; charset=utf-8').send(readFileSync(file));
};

/** The path of a request URL without its query string. */
const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};

/**
 * Registers `sites` on `app` (after the API's own routes, though order does not matter to the router),
 * and the 404 handler: history fallback, "not built" pages, and otherwise a coded JSON 404
 * `{ code: 'NOT_FOUND', message, requestId }`.
 */
export const registerWebSites = async (
  app: FastifyInstance,
  sites: readonly WebSite[] = defaultWebSites(),
): Promise<void> => {
  for (const site of sites) {
    if (!existsSync(indexOf(site)))
      app.log.warn(`the ${site.name} is not built (${site.dist}): run \`npm run build\``);
    const assets = `${sep}assets${sep}`;
    // A scope of its own, so that the Vary hook below applies to the static routes only.
    await app.register(async (scope) => {
      // The same URL answers brotli, gzip or plain bytes by Accept-Encoding: say so to caches.
      scope.addHook('onSend', async (_request, reply) => {
        const vary = reply.getHeader('vary');
        const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
        if (!/accept-encoding|\*/i.test(current))
          reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
      });
      await scope.register(fastifyStatic, {
        root: site.dist,
        // '/admin' (no slash) lets the plugin redirect /admin to /admin/.
        prefix: site.prefix === '/' ? '/' : site.prefix.replace(/\/$/, ''),
        redirect: site.prefix !== '/',
        wildcard: true,
        decorateReply: false,
        preCompressed: true,
        cacheControl: false,
        dotfiles: 'ignore',
        setHeaders: (res, path) => {
          res.setHeader('cache-control', path.includes(assets) ? IMMUTABLE : NO_CACHE);
        },
      });
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(request.url);
    if (request.method === 'GET' || request.method === 'HEAD') {
      // The most specific prefix first ('/admin/' before '/').
      const site = [...sites]
        .sort((a, b) => b.prefix.length - a.prefix.length)
        .find((s) => path.startsWith(s.prefix));
      if (site) {
        const rest = path.slice(site.prefix.length);
        const isIndex = rest === '' || rest === 'index.html';
        const isRoute = site.historyFallback && !rest.startsWith('assets/') && !/\.[A-Za-z0-9]+$/.test(rest);
        if (isIndex || isRoute) return sendIndex(site, reply);
      }
    }
    return reply.code(404).send({
      code: 'NOT_FOUND',
      message: `no route ${request.method} ${path}`,
      requestId: request.id,
    });
  });
};
