/**
 * Setup file of the vitest project `e2e` (vitest.config.ts), evaluated before each e2e file. The project
 * runs its files one after another in one worker process (`isolate: false`, decision 0193), so what a
 * file sets in `process.env` (e.g. `POOL_DEMO=0`, `RACING_PERIOD_SECONDS` before `e2e.start()`) would
 * still be set for the next file's server. This restores the environment as it was before the file, after
 * the file's own `afterAll` (vitest runs after-hooks in reverse order: this one last).
 */
import { afterAll } from 'vitest';

const before = { ...process.env };

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in before)) delete process.env[key];
  for (const [key, value] of Object.entries(before)) process.env[key] = value;
});
