/**
 * `npm run bench:web` (issue 7 item 8; docs/benchmarks.md "bench:web"): the weight of the player site
 * and how soon a cheap phone on a slow 3G network sees it.
 *
 * 1. Builds the web apps when missing or stale, then reads the player's build: the JavaScript and CSS
 *    that index.html loads (entry, modulepreloads, stylesheets), raw and gzipped (the `.gz` twins the
 *    server sends), and the back office's for comparison.
 * 2. Starts the real server (e2e harness: every module, the demo feed on, PGlite) and Debian Chromium at
 *    360×740, throttled through the DevTools protocol as a cheap phone on slow 3G:
 *    `Network.emulateNetworkConditions` (BENCH_WEB_LATENCY_MS 400 ms round trip, BENCH_WEB_KBPS 400
 *    kbit/s down and up: WebPageTest's "3G Slow") and `Emulation.setCPUThrottlingRate` 4.
 * 3. Loads `/` BENCH_WEB_RUNS times (default 3) each in a fresh context (empty cache), then once more in
 *    the last context (warm cache: hashed assets are immutable). Per load: first contentful paint, the
 *    time the home match list is visible (the first element matching BENCH_WEB_SELECTOR, default
 *    `article.match[data-match]`: a real match row, not a loading placeholder, with a non-empty box;
 *    null if it does not show within BENCH_WEB_TIMEOUT_MS, 30 s), `load`, and the bytes transferred
 *    (sum of the protocol's `encodedDataLength`, headers included) and requests made.
 *
 * Last stdout line: one JSON object (medians of the cold loads).
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { ensureWebBuilt } from '@bashiri/api/build-web';
import { launchChromium, startE2eServer, VIEWPORTS } from '@bashiri/api/testing/e2e';
import { REPO_ROOT } from '@bashiri/api';

const RUNS = Number(process.env['BENCH_WEB_RUNS'] ?? 3);
const LATENCY_MS = Number(process.env['BENCH_WEB_LATENCY_MS'] ?? 400);
const KBPS = Number(process.env['BENCH_WEB_KBPS'] ?? 400);
const CPU_SLOWDOWN = Number(process.env['BENCH_WEB_CPU'] ?? 4);
const TIMEOUT_MS = Number(process.env['BENCH_WEB_TIMEOUT_MS'] ?? 30_000);
/** A home match row (matches/MatchRow.tsx `<article class="match" data-match>`; placeholders are divs). */
const SELECTOR = process.env['BENCH_WEB_SELECTOR'] ?? 'article.match[data-match]';

/** Targets (docs/benchmarks.md). */
const TARGET = { jsGzipKb: 150, fcpMs: 5_000, matchListMs: 8_000 } as const;

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const median = (values: readonly number[]) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
};

interface Bundle {
  readonly js: number;
  readonly jsGzip: number;
  readonly css: number;
  readonly cssGzip: number;
  readonly files: readonly string[];
}

/** The JS and CSS a built app's index.html loads up front, raw and gzipped. */
const bundleOf = (dist: string, base: string): Bundle => {
  const html = readFileSync(resolve(dist, 'index.html'), 'utf8');
  const urls = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+)"[^>]*>/g)) {
    const tag = match[0];
    const url = match[1]!;
    if (
      /\.(m?js|css)$/.test(url) &&
      (tag.startsWith('<script') || /rel="(stylesheet|modulepreload)"/.test(tag))
    )
      urls.add(url);
  }
  let js = 0;
  let jsGzip = 0;
  let css = 0;
  let cssGzip = 0;
  for (const url of urls) {
    const file = resolve(dist, url.slice(base.length));
    const raw = readFileSync(file);
    const gz = statSync(`${file}.gz`, { throwIfNoEntry: false })?.size ?? gzipSync(raw, { level: 9 }).length;
    if (url.endsWith('.css')) {
      css += raw.length;
      cssGzip += gz;
    } else {
      js += raw.length;
      jsGzip += gz;
    }
  }
  return { js, jsGzip, css, cssGzip, files: [...urls] };
};

interface Load {
  readonly fcpMs: number | null;
  readonly matchListMs: number | null;
  readonly loadMs: number;
  readonly transferred: number;
  readonly requests: number;
}

/** Records, in the page, when the first element matching the selector has a box. */
const watchScript = (selector: string) => `
  (() => {
    const selector = ${JSON.stringify(selector)};
    const check = () => {
      const el = document.querySelector(selector);
      if (el && el.getBoundingClientRect().height > 0) { window.__benchMatchListAt = performance.now(); return; }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();
`;

const throttle = async (page: Page) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const bytesPerSecond = (KBPS * 1000) / 8;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LATENCY_MS,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  let transferred = 0;
  let requests = 0;
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    transferred += event.encodedDataLength;
    requests += 1;
  });
  return {
    reset: () => {
      transferred = 0;
      requests = 0;
    },
    totals: () => ({ transferred, requests }),
  };
};

/**
 * The number `expression` yields in the page, polled every 100 ms, or null after `timeoutMs`. Not
 * `page.waitForFunction`: its string predicates are compiled in the page, which the site's CSP (no
 * `unsafe-eval`) refuses, so it failed at once and the match list was never seen.
 */
const poll = async (page: Page, expression: string, timeoutMs: number): Promise<number | null> => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const value = (await page.evaluate(expression)) as unknown;
    if (typeof value === 'number') return value;
    await page.waitForTimeout(100);
  }
  return null;
};

const measure = async (
  page: Page,
  url: string,
  counter: Awaited<ReturnType<typeof throttle>>,
): Promise<Load> => {
  counter.reset();
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  const matchListMs = await poll(page, 'window.__benchMatchListAt', TIMEOUT_MS);
  // FCP is reported once painted; wait for it (it precedes the match list by definition).
  const fcpMs = await poll(
    page,
    `performance.getEntriesByName('first-contentful-paint')[0]?.startTime`,
    10_000,
  );
  const loadMs = (await page.evaluate(
    `performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? 0`,
  )) as number;
  // Give lazy requests started by the first render a moment to finish before counting bytes.
  await page.waitForTimeout(500);
  return {
    fcpMs: fcpMs === null ? null : Math.round(fcpMs),
    matchListMs: matchListMs === null ? null : Math.round(matchListMs),
    loadMs: Math.round(loadMs),
    ...counter.totals(),
  };
};

const main = async () => {
  await ensureWebBuilt({ log: (line) => console.log(line) });
  const player = bundleOf(resolve(REPO_ROOT, 'web-player/dist'), '/');
  const admin = bundleOf(resolve(REPO_ROOT, 'web-admin/dist'), '/admin/');
  console.log(
    `player first load: JS ${kb(player.js)} kB (${kb(player.jsGzip)} kB gzip), CSS ${kb(player.css)} kB (${kb(player.cssGzip)} kB gzip) in ${player.files.length} files; target JS <= ${TARGET.jsGzipKb} kB gzip`,
  );
  console.log(
    `back office first load: JS ${kb(admin.js)} kB (${kb(admin.jsGzip)} kB gzip), CSS ${kb(admin.css)} kB (${kb(admin.cssGzip)} kB gzip)`,
  );

  const server = await startE2eServer({});
  const browser = await launchChromium();
  const cold: Load[] = [];
  let warm: Load | null = null;
  try {
    // Let the demo feed publish its first matches before measuring.
    await new Promise((r) => setTimeout(r, 3_000));
    console.log(
      `profile: ${VIEWPORTS.phone.width}x${VIEWPORTS.phone.height}, ${LATENCY_MS} ms RTT, ${KBPS} kbit/s, CPU / ${CPU_SLOWDOWN}; match list = ${SELECTOR}`,
    );
    for (let run = 1; run <= RUNS; run += 1) {
      const context = await browser.newContext({ viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true });
      await context.addInitScript({ content: watchScript(SELECTOR) });
      const page = await context.newPage();
      const counter = await throttle(page);
      const load = await measure(page, `${server.baseUrl}/`, counter);
      cold.push(load);
      console.log(
        `cold load ${run}: FCP ${load.fcpMs ?? '—'} ms, match list ${load.matchListMs === null ? 'not shown' : `${load.matchListMs} ms`}, load ${load.loadMs} ms, ${kb(load.transferred)} kB in ${load.requests} requests`,
      );
      if (run === RUNS) {
        warm = await measure(page, `${server.baseUrl}/`, counter);
        console.log(
          `warm reload: FCP ${warm.fcpMs ?? '—'} ms, match list ${warm.matchListMs === null ? 'not shown' : `${warm.matchListMs} ms`}, ${kb(warm.transferred)} kB in ${warm.requests} requests`,
        );
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }

  const fcp = median(cold.flatMap((l) => (l.fcpMs === null ? [] : [l.fcpMs])));
  const shown = cold.flatMap((l) => (l.matchListMs === null ? [] : [l.matchListMs]));
  const matchList = shown.length === cold.length ? median(shown) : null;
  const result = {
    bench: 'web',
    profile: { latency_ms: LATENCY_MS, kbps: KBPS, cpu_slowdown: CPU_SLOWDOWN, viewport: '360x740' },
    player_js_kb: kb(player.js),
    player_js_gzip_kb: kb(player.jsGzip),
    player_css_kb: kb(player.css),
    player_css_gzip_kb: kb(player.cssGzip),
    admin_js_gzip_kb: kb(admin.jsGzip),
    admin_css_gzip_kb: kb(admin.cssGzip),
    first_load_transfer_kb: median(cold.map((l) => kb(l.transferred))),
    first_load_requests: median(cold.map((l) => l.requests)),
    fcp_ms: fcp,
    match_list_ms: matchList,
    match_list_selector_found: matchList !== null,
    load_ms: median(cold.map((l) => l.loadMs)),
    warm_fcp_ms: warm?.fcpMs ?? null,
    warm_transfer_kb: warm ? kb(warm.transferred) : null,
    runs: cold.length,
    targets: { player_js_gzip_kb: TARGET.jsGzipKb, fcp_ms: TARGET.fcpMs, match_list_ms: TARGET.matchListMs },
    meets_targets:
      kb(player.jsGzip) <= TARGET.jsGzipKb &&
      fcp !== null &&
      fcp <= TARGET.fcpMs &&
      (matchList === null || matchList <= TARGET.matchListMs),
  };
  console.log(JSON.stringify(result));
};

await main();
process.exit(0);
