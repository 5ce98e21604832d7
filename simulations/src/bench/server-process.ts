/**
 * The two-process layout of the HTTP benches (`bench:cashout`, `bench:casino`, `bench:pool`,
 * `bench:racing`): the DRIVER forks the bench file itself with the argument `server` (the server then
 * seeds, listens and sends one message when ready), so that the load generator never steals the
 * server's event loop. The server gets the Node.js flags `npm start` gives it (`SERVER_NODE_FLAGS`). The schema of the run is passed in `BENCH_SCHEMA`. With BENCH_CPU_PROF=1 the
 * server writes a V8 CPU profile (`--cpu-prof`) to BENCH_CPU_PROF_DIR (default
 * <tmp>/bashiri-bench-profiles) when it exits.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '@bashiri/api/node-flags';

/** The forked server and the first message it sent (its "ready" report, whose shape the bench owns). */
export interface BenchServer<Ready> {
  readonly child: ChildProcess;
  readonly ready: Ready;
}

/**
 * Forks `benchFile` (the caller's `import.meta.url`) as the server of schema `schema` and waits for its
 * first message. Rejects when the server exits first (its own error is on stderr).
 */
export const forkBenchServer = async <Ready>(
  benchFile: string,
  schema: string,
): Promise<BenchServer<Ready>> => {
  const child = fork(fileURLToPath(benchFile), ['server'], {
    env: { ...process.env, BENCH_SCHEMA: schema },
    // The flags `npm start` gives the server (decision 0207), so that the bench measures it as it runs.
    execArgv: [
      ...process.execArgv,
      ...SERVER_NODE_FLAGS,
      ...(process.env.BENCH_CPU_PROF === '1'
        ? [
            '--cpu-prof',
            `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR ?? join(tmpdir(), 'bashiri-bench-profiles')}`,
          ]
        : []),
    ],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  return { child, ready };
};
