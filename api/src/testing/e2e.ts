/**
 * End-to-end harness for `*.e2e.test.ts` (docs/testing-e2e.md): the real server with every module on a
 * real port (PGlite by default, PostgreSQL when `DATABASE_URL` is set, each run in a fresh database or
 * schema), the demo feed on a fast clock, the built web apps (built first when missing or stale), and
 * Debian's Chromium driven by playwright-core at a phone and a desktop viewport, with screenshots saved
 * under `artifacts/screenshots/`.
 *
 * ```ts
 * const e2e = e2eSuite();            // describe.skipIf(!e2e.available) when Chromium is missing
 * beforeAll(() => e2e.start(), 180_000); afterAll(() => e2e.stop());
 * const page = await e2e.page('phone');
 * await page.goto(e2e.url('/'));
 * ```
 *
 * Setting up a scene skips the UI: {@link E2eServer.createPlayer} registers a player through the real
 * GraphQL operations (SMS code read from the test gateway's outbox) and credits them through a staff wallet
 * adjustment; {@link E2eServer.staffLogin} logs the first administrator in.
 */
import { harnessImportStarted, mark, recordPhase } from './e2e-timing.ts';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { openTestDatabase } from '@bashiri/eventstore/testing';
import type { TestDatabase } from '@bashiri/eventstore/testing';
import { ensureWebBuilt } from '../../scripts/build-web.ts';
import { loadConfig } from '../config.ts';
import type { FeedOptions } from '../modules/feed/index.ts';
import { smsOutbox } from '../modules/identity/testing.ts';
import { runRewardRound } from '../modules/promotion/index.ts';
import { startServer } from '../server.ts';
import type { RunningServer } from '../server.ts';
import { E2E_ADMIN, e2eModules, openTemplateCopy } from './e2e-template.ts';
import { REPO_ROOT } from '../web.ts';
import { createServerClock } from './server-clock.ts';
import type { ServerClock } from './server-clock.ts';

recordPhase('worker start → harness', { ms: 0, cpuMs: 0 });
recordPhase('harness import', harnessImportStarted);

export { E2E_ADMIN, E2E_TEMPLATE_SCHEMA, FAST_FEED } from './e2e-template.ts';

// Server facts the end-to-end tests need (they import nothing else of api/; decision 0011).
export { totpCode } from '../modules/staff/index.ts';
export { clockLength, goalClock, resultOf, STANDARD_CLOCK_MINUTES } from '../modules/feed/index.ts';
export type { Timeline } from '../modules/feed/index.ts';

/** Debian's Chromium (`apt-get install chromium`); `CHROMIUM_PATH` overrides. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Flags for a container without a display, sandbox or GPU. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];

/** Where screenshots go (gitignored; CI keeps the folder as an artefact). */
export const SCREENSHOT_DIR = resolve(REPO_ROOT, 'artifacts/screenshots');

/** The viewports every screen is checked at: a cheap Android phone and a desktop. */
export const VIEWPORTS = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** True when Chromium is installed; when false, e2e suites skip (and fail in CI, where it must be). */
export const chromiumAvailable = (): boolean => existsSync(CHROMIUM_PATH);

/**
 * True when fontconfig knows a font with Chinese glyphs (Debian `fonts-noto-cjk`, issue 16 point 12):
 * without one, Chinese screenshots show empty boxes. `.ci/run` installs it.
 */
export const cjkFontAvailable = (): boolean => {
  try {
    return execFileSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' }).trim() !== '';
  } catch {
    return false;
  }
};

/** Launches Chromium headless. */
export const launchChromium = async (): Promise<Browser> => {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
};

let workerBrowser: Promise<Browser> | null = null;

/**
 * The Chromium of this worker process, launched on first use and shared by the e2e files the worker runs
 * one after another (the e2e project runs with `isolate: false`, vitest.config.ts): each file gets fresh
 * browser contexts (own cookies, storage, viewport) and closes them in `stop()`, but not the browser,
 * which saves a launch (~1.5 s CPU, 2–5 s wall) per file. A browser that crashed or was closed is launched
 * again. Playwright closes it when the worker exits (its exit and signal handlers).
 */
export const sharedChromium = async (): Promise<Browser> => {
  const current = await workerBrowser?.catch(() => null);
  if (current?.isConnected()) return current;
  workerBrowser = launchChromium();
  return workerBrowser;
};

/** A free TCP port on loopback (so provider-sandbox callbacks can name the server's address up front). */
export const freePort = (): Promise<number> =>
  new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template database of this run (e2e-global-setup.ts), when `DATABASE_URL` is set. */
    e2eTemplateDatabase: string | undefined;
  }
}

/** The template database this run's global setup migrated, if any (none outside vitest or without PostgreSQL). */
const templateOfRun = (): string | undefined => {
  try {
    return inject('e2eTemplateDatabase');
  } catch {
    return undefined;
  }
};

/** A GraphQL answer. */
export interface GqlAnswer<T> {
  readonly data?: T | null;
  readonly errors?: readonly { message: string; extensions?: { code?: string; field?: string } }[];
}

/** A player made by {@link E2eServer.createPlayer}. */
export interface E2ePlayer {
  readonly userId: string;
  /** `+255…` */
  readonly phone: string;
  /** The national form the site's forms take (`7…`, 9 digits). */
  readonly nationalPhone: string;
  readonly password: string;
  /** A bearer token of a session opened at registration. */
  readonly token: string;
  /** When that session ends (ISO 8601). */
  readonly expiresAt: string;
}

/**
 * The player site's localStorage key of the session (web-player/src/session/session.ts
 * `SESSION_STORAGE_KEY`, value `{ token, expiresAt }`).
 */
export const PLAYER_SESSION_KEY = 'bashiri.session';

/**
 * localStorage entries that open the player site logged in as `player`:
 * `e2e.page('phone', { storage: loggedInAs(player) })`.
 */
export const loggedInAs = (player: E2ePlayer): Record<string, string> => ({
  [PLAYER_SESSION_KEY]: JSON.stringify({ token: player.token, expiresAt: player.expiresAt }),
});

/**
 * localStorage entries that open the back office (`/admin/`) logged in as staff in `language` (`sw`,
 * `en-US`, `zh-CN`): its session and language keys under the back office's `admin.` prefix
 * (web-admin/src/shared.ts `prefixedStorage`). `token`: a staff bearer token ({@link E2eServer.staffLogin}).
 */
export const staffStorage = (token: string, language: string): Record<string, string> => ({
  'admin.bashiri.session': JSON.stringify({
    token,
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  }),
  'admin.bashiri.lang': language,
});

export interface E2eServer {
  readonly server: RunningServer;
  /** `http://127.0.0.1:<port>` */
  readonly baseUrl: string;
  /** Runs a GraphQL operation on the server (over its HTTP route, from a fresh client IP each call). */
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string | null,
  ): Promise<GqlAnswer<T>>;
  /** Like {@link gql} but throws on errors and returns `data`. */
  gqlOk<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string | null,
  ): Promise<T>;
  /** The latest SMS code the sandbox sent to `phone` (`+255…`). */
  smsCode(phone: string, type?: 'register' | 'reset_password'): Promise<string>;
  /**
   * Registers a new player (unique phone on the Vodacom prefix 75x unless given) and, when `balance` is
   * given, credits that many TZS through a staff adjustment with a reason.
   */
  createPlayer(options?: { phone?: string; password?: string; balance?: number }): Promise<E2ePlayer>;
  /** A staff session of the first administrator: `{ token, permissions }`. */
  staffLogin(): Promise<{ token: string; permissions: string[] }>;
  /** Logs a player in again through the real `login` operation (a new session from the server's clock). */
  login(player: E2ePlayer): Promise<E2ePlayer>;
  /**
   * The server's clock (`services.now()`, what every module reads time from): the real time plus an
   * offset the test moves forward with `advance(ms)` — e.g. past a limit raise's 24-hour cooling period
   * (docs/responsible-gambling.md). Everything on the server moves with it: sessions (24 hours: log in
   * again with {@link E2eServer.login}), the demo feed's matches, payment follow-ups. The browser's own
   * clock does not move. Whole epoch ms ({@link ServerClock}: an advance is rounded up).
   */
  readonly clock: ServerClock;
  /**
   * Runs one round of the promotion reward worker's work now (`runRewardRound`: the promotion
   * projection caught up, the reward queue drained), beside the worker's own rounds. A test that must
   * know the worker has run again since a reward was paid (paid once, not twice) calls it instead of
   * waiting for the worker's next wake-up in real time.
   */
  rewardRound(): Promise<void>;
}

let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  return `10.${200 + ((ipCounter >> 16) & 31)}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};
let phoneCounter = 0;

/**
 * Starts the real server for e2e tests: every module (the first administrator {@link E2E_ADMIN}, SMS
 * codes kept in the sandbox table, the demo feed at `feed` options, default {@link FAST_FEED}), the
 * provider sandboxes, the projections, on a free port of 127.0.0.1. Builds the web apps first when
 * missing or stale.
 */
export const startE2eServer = async (
  options: { feed?: FeedOptions; kind?: 'pglite' | 'postgres'; log?: boolean } = {},
): Promise<E2eServer & { close(): Promise<void> }> => {
  let phase = mark();
  await ensureWebBuilt({ log: (line) => console.log(line) });
  recordPhase('web build check', phase);
  phase = mark();
  const kind = options.kind ?? (process.env['DATABASE_URL'] ? 'postgres' : 'pglite');
  const template = kind === 'postgres' ? templateOfRun() : undefined;
  const db: TestDatabase =
    template && process.env['DATABASE_URL']
      ? // With `E2E_ISOLATE=1` every file has a fresh worker, which would never take a copy made ahead.
        await openTemplateCopy(process.env['DATABASE_URL'], template, {
          spare: process.env['E2E_ISOLATE'] !== '1',
        })
      : await openTestDatabase(kind);
  recordPhase('open database', phase);
  phase = mark();
  // The codes the SMS gateway sent (the database keeps only their hashes).
  const outbox = smsOutbox();
  // The server's clock: real time plus what the test advanced it by, in whole ms (server-clock.ts).
  const clock: E2eServer['clock'] = createServerClock();
  const modulesOfRun = () => e2eModules(options.feed, outbox);
  // The port is picked before the server starts (the sandboxes' callbacks name it up front), and
  // starting takes seconds (migrations, seeds): another process may take the port meanwhile. Then
  // startServer closes what it opened and throws EADDRINUSE, and we start again on another port.
  let server: RunningServer | undefined;
  for (let attempt = 1; !server; attempt++) {
    const config = loadConfig({
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      LOG_LEVEL: options.log ? 'info' : 'warn',
      PAYMENT_PROVIDERS: 'sandbox',
    });
    try {
      server = await startServer({ config, modules: modulesOfRun(), sql: db.sql, now: clock.now });
    } catch (error) {
      if ((error as { code?: string }).code === 'EADDRINUSE' && attempt < 5) continue;
      await db.dispose();
      throw error;
    }
  }
  recordPhase('start server', phase);

  const gql: E2eServer['gql'] = async (query, variables = {}, token = null) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/graphql',
      remoteAddress: freshIp(),
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: { query, variables },
    });
    if (response.statusCode >= 500) throw new Error(`HTTP ${response.statusCode}: ${response.body}`);
    return response.json();
  };
  const gqlOk: E2eServer['gqlOk'] = async (query, variables, token) => {
    const answer = await gql<never>(query, variables, token);
    if (answer.errors?.length || !answer.data)
      throw new Error(`GraphQL failed: ${JSON.stringify(answer.errors)} for ${query.slice(0, 80)}`);
    return answer.data;
  };
  const smsCode: E2eServer['smsCode'] = async (phone, type = 'register') => {
    const code = outbox.latest(phone, type);
    if (!code) throw new Error(`no ${type} SMS to ${phone}`);
    return code;
  };
  const staffLogin: E2eServer['staffLogin'] = async () => {
    const { staffLogin: session } = await gqlOk<{ staffLogin: { token: string; permissions: string[] } }>(
      'mutation ($a: String!, $p: String!) { staffLogin(account: $a, password: $p) { token permissions } }',
      { a: E2E_ADMIN.account, p: E2E_ADMIN.password },
    );
    return session;
  };
  const createPlayer: E2eServer['createPlayer'] = async (o = {}) => {
    phoneCounter += 1;
    const national =
      o.phone?.replace(/^\+?255|^0/, '') ??
      `75${String((process.pid * 1000 + phoneCounter) % 10_000_000).padStart(7, '0')}`;
    const phone = `+255${national}`;
    const password = o.password ?? 'pass1234';
    await gqlOk('mutation ($p: String!) { requestSmsCode(phone: $p, purpose: REGISTER) }', { p: phone });
    const code = await smsCode(phone, 'register');
    const { register } = await gqlOk<{
      register: { token: string; expiresAt: string; player: { id: string } };
    }>(`mutation ($i: RegisterInput!) { register(input: $i) { token expiresAt player { id } } }`, {
      i: { phone, password, confirmPassword: password, code, adult: true, acceptTerms: true },
    });
    if (o.balance) {
      const staff = await staffLogin();
      await gqlOk(
        `mutation ($i: AdjustWalletInput!) { adjustWallet(input: $i) { balance } }`,
        {
          i: {
            userId: register.player.id,
            pocket: 'BALANCE',
            amount: o.balance,
            reason: 'e2e: opening credit',
            requestId: crypto.randomUUID(),
          },
        },
        staff.token,
      );
    }
    return {
      userId: register.player.id,
      phone,
      nationalPhone: national,
      password,
      token: register.token,
      expiresAt: register.expiresAt,
    };
  };

  const login: E2eServer['login'] = async (player) => {
    const { login: session } = await gqlOk<{ login: { token: string; expiresAt: string } }>(
      'mutation ($p: String!, $w: String!) { login(phone: $p, password: $w) { token expiresAt } }',
      { p: player.phone, w: player.password },
    );
    return { ...player, token: session.token, expiresAt: session.expiresAt };
  };

  return {
    server,
    baseUrl: server.url,
    gql,
    gqlOk,
    smsCode,
    createPlayer,
    staffLogin,
    login,
    clock,
    rewardRound: () => runRewardRound(server.services),
    close: async () => {
      let step = mark();
      await server.close();
      recordPhase('stop: server close', step);
      step = mark();
      await db.dispose();
      recordPhase('stop: database dispose', step);
    },
  };
};

/** An e2e suite's handle: server, browser, pages, screenshots. */
export interface E2eSuite {
  /** False when Chromium is missing (the suite should skip); throws instead when `CI` is set. */
  readonly available: boolean;
  /** Starts the server and the browser (call in `beforeAll`, timeout 180 s). */
  start(options?: Parameters<typeof startE2eServer>[0]): Promise<E2eServer>;
  /** The running server (after `start`). */
  readonly server: E2eServer;
  /** An absolute URL on the server: `url('/admin/')`. */
  url(path: string): string;
  /**
   * A new page in a fresh browser context (own cookies and local storage) at a named viewport;
   * `storage` entries are put in its localStorage before any script of the site runs (language choice,
   * a session token) and `locale` sets the browser's languages (default `sw-TZ`).
   */
  page(
    viewport: ViewportName,
    options?: { storage?: Record<string, string>; locale?: string },
  ): Promise<Page>;
  /** Saves a full-page PNG as `artifacts/screenshots/<name>.png`; returns its path. */
  screenshot(page: Page, name: string): Promise<string>;
  /** Closes the pages' contexts, the browser and the server (call in `afterAll`). */
  stop(): Promise<void>;
}

/**
 * Creates the handle of one e2e test file. Every page records console errors and failed requests of
 * its own origin in `errorsOf(page)`-style arrays the test can assert on (see {@link pageErrors}).
 */
export const e2eSuite = (): E2eSuite => {
  const available = chromiumAvailable();
  if (!available) {
    const message = `e2e: ${CHROMIUM_PATH} not found — end-to-end tests skipped (install it: apt-get install -y chromium, or set CHROMIUM_PATH)`;
    if (process.env['CI']) throw new Error(message);
    console.warn(message);
  } else if (!cjkFontAvailable()) {
    const message =
      'e2e: no CJK font — Chinese screenshots would show empty boxes (install it: apt-get install -y fonts-noto-cjk)';
    if (process.env['CI']) throw new Error(message);
    console.warn(message);
  }
  let server: (E2eServer & { close(): Promise<void> }) | null = null;
  let browser: Browser | null = null;
  const contexts: BrowserContext[] = [];
  return {
    available,
    get server() {
      if (!server) throw new Error('e2e: start() first');
      return server;
    },
    start: async (options) => {
      const began = mark();
      [server, browser] = await Promise.all([
        startE2eServer(options),
        (async () => {
          const launch = mark();
          const launched = await sharedChromium();
          recordPhase('launch chromium', launch);
          return launched;
        })(),
      ]);
      recordPhase('start (server ‖ chromium)', began);
      return server;
    },
    url: (path) => {
      if (!server) throw new Error('e2e: start() first');
      return new URL(path, server.baseUrl).toString();
    },
    page: async (viewport, options = {}) => {
      if (!browser) throw new Error('e2e: start() first');
      const context = await browser.newContext({
        viewport: VIEWPORTS[viewport],
        deviceScaleFactor: 1,
        isMobile: viewport === 'phone',
        hasTouch: viewport === 'phone',
        locale: options.locale ?? 'sw-TZ',
        timezoneId: 'Africa/Dar_es_Salaam',
      });
      contexts.push(context);
      if (options.storage) {
        await context.addInitScript((entries: Record<string, string>) => {
          // Runs in the page (this file is typed without the DOM).
          const { localStorage } = globalThis as unknown as {
            localStorage: { setItem(key: string, value: string): void };
          };
          for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
        }, options.storage);
      }
      const page = await context.newPage();
      trackErrors(page);
      return page;
    },
    screenshot: async (page, name) => {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const path = resolve(SCREENSHOT_DIR, `${name.replace(/[^A-Za-z0-9._-]+/g, '-')}.png`);
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    stop: async () => {
      const began = mark();
      // All at once: Chromium closes each context's pages (and their service workers) on its own; one
      // after another, a file with six pages waited for six round trips of teardown (1–2.5 s under load).
      await Promise.all(contexts.splice(0).map((context) => context.close().catch(() => undefined)));
      recordPhase('stop: browser contexts', began);
      // The browser stays open for the worker's next file (sharedChromium).
      await server?.close();
      browser = null;
      server = null;
      recordPhase('stop', began);
    },
  };
};

const errorsByPage = new WeakMap<Page, string[]>();

/** Starts recording `page`'s console errors, uncaught exceptions and failed same-origin requests. */
const trackErrors = (page: Page) => {
  const errors: string[] = [];
  errorsByPage.set(page, errors);
  page.on('console', (message) => {
    // "Failed to load resource" repeats a failed response (recorded below with its URL), or is the
    // browser's own favicon probe, which is no page's request.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    // ERR_ABORTED is the page cancelling its own request: a screen left while its query was in flight
    // (urql aborts the fetch on unmount) or a navigation. A server failure shows otherwise: an HTTP
    // status (below) or a network error such as ERR_CONNECTION_REFUSED or ERR_EMPTY_RESPONSE.
    if (reason === 'net::ERR_ABORTED') return;
    errors.push(`request failed: ${request.method()} ${request.url()} (${reason})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`HTTP ${response.status()}: ${response.url()}`);
  });
};

/**
 * What went wrong on `page` so far: console errors (CSP violations among them), uncaught exceptions,
 * failed requests (not those the page aborted itself) and 4xx/5xx answers. A healthy page has none.
 */
export const pageErrors = (page: Page): readonly string[] => errorsByPage.get(page) ?? [];
