/**
 * Phase timings of the e2e harness (docs/testing-e2e.md "Where a file's time goes"): with
 * `E2E_TIMINGS=<file>` set, each phase appends one JSON line `{ file, pid, phase, ms, cpuMs }` to that
 * file — `ms` the phase's wall time, `cpuMs` this process's CPU during it (`process.cpuUsage`, user +
 * system). Without it, nothing. Imported first by e2e.ts, so `import` measures from the worker's start.
 */
import { appendFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { expect } from 'vitest';

const target = process.env['E2E_TIMINGS'];
const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** The wall time (ms since the worker started) and the CPU (ms) when this module was evaluated. */
export const harnessImportStarted = { ms: performance.now(), cpuMs: cpuNow() };

/** Records one phase that began at `since` (from {@link mark}); no-op without `E2E_TIMINGS`. */
export const recordPhase = (phase: string, since: { ms: number; cpuMs: number }): void => {
  if (!target) return;
  const line = {
    file: (expect.getState().testPath ?? '').replace(/^.*\/(web-[a-z]+\/src\/)/, '$1'),
    pid: process.pid,
    phase,
    ms: Math.round(performance.now() - since.ms),
    cpuMs: Math.round(cpuNow() - since.cpuMs),
  };
  appendFileSync(target, `${JSON.stringify(line)}\n`);
};

/** The current wall time and CPU, to pass to {@link recordPhase} later. */
export const mark = (): { ms: number; cpuMs: number } => ({ ms: performance.now(), cpuMs: cpuNow() });
