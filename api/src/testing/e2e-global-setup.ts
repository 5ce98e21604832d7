/**
 * Global setup of the vitest project `e2e` (vitest.config.ts): builds the web apps the e2e servers serve
 * once, before any e2e file starts (api/scripts/build-web.ts: only when `dist/` is missing or older than
 * its sources). Each file's `startE2eServer` still checks, which then costs a directory walk; without
 * this step the first file of a clean clone paid the build (~70 s) in its `beforeAll`, and two files
 * run side by side (`E2E_WORKERS=2`) could both build into the same `dist/`.
 */
import { existsSync } from 'node:fs';
import { ensureWebBuilt } from '../../scripts/build-web.ts';

/**
 * Builds what is missing or stale; prints one line per app built. Nothing when Chromium is missing
 * (the e2e files then skip; `CHROMIUM_PATH` as in e2e.ts).
 */
export const setup = async (): Promise<void> => {
  if (!existsSync(process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium')) return;
  await ensureWebBuilt({ log: (line) => console.log(line) });
};
