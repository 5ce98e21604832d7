/**
 * Images of in-memory PGlite databases (PGlite's `dumpDataDir`, gzipped) kept on disk, so that a process
 * starts a database from one instead of running `initdb` (and migrations) again: the throwaway event
 * store of simulations (decision 0160, adapters.ts) and the test databases (decision 0203,
 * testing/databases.ts). An image only opens with the PGlite version that wrote it, so its file name
 * carries {@link pgliteVersion}.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Where images are kept: `PGLITE_IMAGE_DIR`, else `<os tmpdir>/bashiri-pglite-images`. */
export const pgliteImageDir = (env: NodeJS.ProcessEnv = process.env): string =>
  env.PGLITE_IMAGE_DIR ?? join(tmpdir(), 'bashiri-pglite-images');

let version: Promise<string> | null = null;
/** The installed PGlite's version (read once per process from its package.json). */
export const pgliteVersion = (): Promise<string> =>
  (version ??= (async () => {
    const require = createRequire(import.meta.url);
    const pgliteDir = dirname(dirname(require.resolve('@electric-sql/pglite/pglite.wasm')));
    return (JSON.parse(await readFile(join(pgliteDir, 'package.json'), 'utf8')) as { version: string })
      .version;
  })());

/** The image stored at `file`, or null when there is none (or it cannot be read). */
export const readPgliteImage = async (file: string): Promise<Blob | null> => {
  try {
    return new Blob([new Uint8Array(await readFile(file))]);
  } catch {
    return null;
  }
};

/**
 * Stores `image` at `file`, atomically (a temporary file renamed, so a concurrent reader never sees half
 * of it). Best effort: a folder that cannot be written only means the next start runs `initdb` too.
 */
export const writePgliteImage = async (file: string, image: Blob | Promise<Blob>): Promise<void> => {
  try {
    await mkdir(dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, new Uint8Array(await (await image).arrayBuffer()));
    await rename(temporary, file).catch(async (e: unknown) => {
      await rm(temporary, { force: true });
      throw e;
    });
  } catch {
    // Nothing stored.
  }
};
