/**
 * vitest `setupFiles` of the projects that retry a failed test in CI (int, int-memory, e2e;
 * vitest.config.ts `RETRY`):
 *
 * - **The first attempt's error is printed.** vitest reports a test that passed on its retry as passed
 *   ("retry x1") and drops what made its first attempt fail; a flake then cannot be read from the CI log
 *   (docs/testing-e2e.md "Retries in CI"). Every failed attempt that will be retried writes its errors
 *   (message and stack) to stderr, under the test's name, with the attempt number.
 * - **`FORCE_RETRY=1` audits retry safety.** Every test of these projects then fails once after its body
 *   has run (its rows, events and streams written) and runs again in the same file's app and database,
 *   as CI's retry would: a test that reuses fixed ids (a user, a movement, a stream name) collides with
 *   its own first attempt and fails on the second. vitest.config.ts gives one retry when it is set.
 */
import { beforeEach } from 'vitest';

/** The error a forced first attempt fails with (`FORCE_RETRY=1`). */
export const FORCED_RETRY_MESSAGE = 'FORCE_RETRY: the first attempt fails on purpose (retry-safety audit)';

const FORCE_RETRY = process.env['FORCE_RETRY'] === '1';

/** The test's full name: its suites and its own name, joined by " > " as vitest prints them. */
const fullName = (task: { name: string; suite?: { name: string; suite?: unknown } }): string => {
  const names = [task.name];
  for (let s = task.suite as { name: string; suite?: unknown } | undefined; s; s = s.suite as typeof s)
    if (s.name) names.unshift(s.name);
  return names.join(' > ');
};

beforeEach(({ task, onTestFailed, onTestFinished }) => {
  const attempt = task.result?.retryCount ?? 0;
  const retries = typeof task.retry === 'number' ? task.retry : (task.retry?.count ?? 0);
  if (attempt < retries)
    onTestFailed(({ task: failed }) => {
      const errors = failed.result?.errors ?? [];
      if (FORCE_RETRY && errors.every((e) => e.message === FORCED_RETRY_MESSAGE)) return;
      const text = errors.map((e) => e.stack ?? e.message).join('\n');
      console.error(
        `[retry] attempt ${attempt + 1} of ${retries + 1} failed, retrying: ${fullName(failed)}\n${text}`,
      );
    });
  if (FORCE_RETRY && attempt === 0 && retries > 0)
    onTestFinished(({ task: finished }) => {
      if (finished.result?.state !== 'fail') throw new Error(FORCED_RETRY_MESSAGE);
    });
});
