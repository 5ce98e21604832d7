import { defineConfig } from 'vitest/config';

/**
 * Test tiers by file name (DEVELOPERS.md "How we work"):
 * - unit: pure code, no IO;
 * - int: real PostgreSQL (DATABASE_URL) or embedded PGlite when it is not set;
 * - e2e: real browser against a real server.
 */
const exclude = ['**/node_modules/**', '**/dist/**'];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['**/*.unit.test.ts'], exclude } },
      {
        test: {
          name: 'int',
          include: ['**/*.int.test.ts'],
          exclude,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['**/*.e2e.test.ts'],
          exclude,
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // A real browser on a busy 2-core machine: expect.poll waits up to 30 s (default 1 s).
          expect: { poll: { timeout: 30_000, interval: 100 } },
        },
      },
    ],
  },
});
