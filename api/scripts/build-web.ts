/**
 * Builds the web apps the API serves (docs/running.md "Web apps"): `web-player` and `web-admin` with
 * Vite, then writes gzip and brotli twins of every text file of the build so the server can send them
 * pre-compressed (api/src/web.ts).
 *
 * - `tsx api/scripts/build-web.ts` (run by `npm start` as `prestart`, and by the e2e harness) builds an
 *   app only when its `dist/index.html` is missing or older than any of its sources (its folder, and the
 *   workspace packages it bundles, e.g. `domain/src` for the betslip's pricing); when everything is up
 *   to date it costs a directory walk.
 * - `--force` (`npm run build`) builds both regardless.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** A web app and what it is built from. */
export interface WebAppBuild {
  /** The npm workspace folder, relative to the repository root. */
  readonly workspace: string;
  /** Folders and files (relative to the repository root) whose change calls for a new build. */
  readonly sources: readonly string[];
}

/** The two web apps. The player bundles the domain package (betslip pricing, spec §5). */
export const WEB_APPS: readonly WebAppBuild[] = [
  { workspace: 'web-player', sources: ['web-player', 'domain/src', 'domain/package.json'] },
  { workspace: 'web-admin', sources: ['web-admin', 'domain/src', 'domain/package.json'] },
];

/** Files that never reach a bundle: tests, stories, build output, dependencies. */
const IGNORED = /(^|\/)(node_modules|dist|storybook-static|\.vite)(\/|$)|\.(test|stories)\.tsx?$/;

/** The newest modification time (ms) among `sources`' files, ignoring tests and build output. */
export const newestSourceMtime = (sources: readonly string[], root: string = REPO_ROOT): number => {
  let newest = 0;
  const visit = (path: string) => {
    const rel = relative(root, path);
    if (IGNORED.test(rel)) return;
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const source of sources) visit(resolve(root, source));
  return newest;
};

/** Why `app` needs a build (`missing`, `stale`), or null when its dist is up to date. */
export const buildReason = (app: WebAppBuild, root: string = REPO_ROOT): 'missing' | 'stale' | null => {
  const index = resolve(root, app.workspace, 'dist/index.html');
  const built = statSync(index, { throwIfNoEntry: false });
  if (!built) return 'missing';
  return newestSourceMtime(app.sources, root) > built.mtimeMs ? 'stale' : null;
};

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

/** Writes `.gz` and `.br` next to every compressible file of `dist` larger than 1 kB. */
export const precompress = (dist: string): void => {
  const visit = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const file = join(path, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (COMPRESSIBLE.test(entry.name) && !entry.name.endsWith('.map')) {
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
      }
    }
  };
  visit(dist);
};

/** Builds one app with Vite (in this process) and pre-compresses its output. */
export const buildWebApp = async (app: WebAppBuild, root: string = REPO_ROOT): Promise<void> => {
  const { build } = await import('vite');
  const dir = resolve(root, app.workspace);
  // Vite replaces process.env.NODE_ENV by the variable's value when it is set: under vitest it is 'test',
  // which would bundle React's development build. A production build it is, whoever calls.
  const nodeEnv = process.env['NODE_ENV'];
  process.env['NODE_ENV'] = 'production';
  try {
    await build({
      root: dir,
      configFile: resolve(dir, 'vite.config.ts'),
      logLevel: 'warn',
      mode: 'production',
    });
  } finally {
    if (nodeEnv === undefined) delete process.env['NODE_ENV'];
    else process.env['NODE_ENV'] = nodeEnv;
  }
  const index = resolve(dir, 'dist/index.html');
  if (!existsSync(index)) throw new Error(`${app.workspace}: vite build wrote no dist/index.html`);
  precompress(resolve(dir, 'dist'));
};

/**
 * Builds the apps that need it (all of them with `force`); returns what was built. Prints one line per
 * app with `log`.
 */
export const ensureWebBuilt = async (
  options: { force?: boolean; root?: string; log?: (line: string) => void } = {},
): Promise<string[]> => {
  const root = options.root ?? REPO_ROOT;
  const log = options.log ?? ((line: string) => console.log(line));
  const built: string[] = [];
  for (const app of WEB_APPS) {
    const reason = options.force ? 'asked' : buildReason(app, root);
    if (!reason) continue;
    const started = Date.now();
    log(`build-web: building ${app.workspace} (${reason === 'asked' ? '--force' : `dist ${reason}`})…`);
    await buildWebApp(app, root);
    log(`build-web: ${app.workspace} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    built.push(app.workspace);
  }
  return built;
};

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const built = await ensureWebBuilt({ force: process.argv.includes('--force') });
    if (built.length === 0) console.log('build-web: web apps up to date');
  } catch (error) {
    console.error('build-web: failed:', error);
    process.exit(1);
  }
}
