/**
 * Season simulations started from the back office (issue 17 item 7; docs/simulations.md "Starting a
 * run from the back office"; decision 0092). The simulation runs in a child process — the simulator's
 * `simulations/src/season/server-run.ts`, started with `fork` (the API does not import the simulator:
 * the simulator imports the API) — never on the server's request thread. The child validates the
 * scenario with the CLI's own schema (`parseScenario`), answers `accepted` or `invalid`, and on `go`
 * replays the season, sending each matchday's appends here: this process appends them to the server's
 * own event store through the port's `appendToStreams`, in the order sent, and answers each one. After
 * the last matchday the child keeps the report (`keepSimulationReport`, through the same appends), so
 * the run is listed and opens like a run kept by the CLI.
 *
 * One run at a time per server process; progress is held in this process's memory (a restart forgets
 * runs in progress; kept reports stay in the store).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EventStore, StreamAppendRequest } from '@bashiri/eventstore';
import { codedError } from '../../graphql/errors.ts';
import { readSimulationRun } from './kept.ts';

/** The repository root (api/src/modules/simulation → ../../../..). */
const REPO_ROOT = resolve(fileURLToPath(new URL('../../../../', import.meta.url)));

/** The child's entry: `SIMULATION_RUNNER`, else the simulator's server-run script. */
export const simulationRunnerPath = (env: NodeJS.ProcessEnv = process.env): string =>
  env.SIMULATION_RUNNER
    ? resolve(env.SIMULATION_RUNNER)
    : join(REPO_ROOT, 'simulations', 'src', 'season', 'server-run.ts');

/** The stored scenarios offered on the screen: `SIMULATION_SCENARIOS_DIR`, else `simulations/scenarios`. */
export const simulationScenariosDir = (env: NodeJS.ProcessEnv = process.env): string =>
  env.SIMULATION_SCENARIOS_DIR
    ? resolve(env.SIMULATION_SCENARIOS_DIR)
    : join(REPO_ROOT, 'simulations', 'scenarios');

/** The scenario was refused by the simulator's schema (or names a data folder): `field` names the field. */
export const SIMULATION_SCENARIO_INVALID = 'SIMULATION_SCENARIO_INVALID';
/** A run of this scenario name and seed is kept in this store or running: change the name or seed. */
export const SIMULATION_RUN_EXISTS = 'SIMULATION_RUN_EXISTS';
/** Another run is in progress on this server (one at a time). */
export const SIMULATION_BUSY = 'SIMULATION_BUSY';

/** Largest scenario text accepted (characters). */
export const MAX_SCENARIO_CHARS = 64_000;
/** How long the child may take to start and answer `accepted` or `invalid` (a loaded machine: slow). */
const ANSWER_TIMEOUT_MS = 120_000;
/** How long a server stop waits for a run to stop after its current matchday before killing it. */
const STOP_GRACE_MS = 15_000;

/** The scenario fields the screen shows for a run (as the simulator parsed them). */
export interface LaunchScenario {
  readonly runId: string;
  readonly name: string;
  readonly seed: number;
  readonly leagues: readonly string[];
  readonly seasons: readonly string[];
  readonly bettors: number;
}

/** An error crossing the process boundary: message, and a store error's code. */
export interface LaunchError {
  readonly message: string;
  readonly code?: string;
}

/** Messages from this process to the run's child. */
export type LaunchToChild =
  | { readonly kind: 'start'; readonly text: string }
  | { readonly kind: 'go' }
  | { readonly kind: 'stop' }
  | { readonly kind: 'appended'; readonly id: number; readonly error?: LaunchError };

/** Messages from the run's child. */
export type LaunchToParent =
  | { readonly kind: 'invalid'; readonly message: string; readonly field: string | null }
  | ({ readonly kind: 'accepted' } & LaunchScenario)
  | { readonly kind: 'progress'; readonly done: number; readonly total: number }
  | { readonly kind: 'append'; readonly id: number; readonly requests: readonly StreamAppendRequest[] }
  | { readonly kind: 'done'; readonly stopped: boolean }
  | { readonly kind: 'failed'; readonly message: string };

/** Where a run started from the back office is. */
export type LaunchStatus = 'RUNNING' | 'DONE' | 'STOPPED' | 'FAILED';

/** A run started from the back office, while it runs and after (this process's memory). */
export interface Launch extends LaunchScenario {
  status: LaunchStatus;
  matchdaysDone: number;
  /** 0 until the child has loaded the seasons. */
  matchdaysTotal: number;
  readonly startedAt: string;
  finishedAt: string | null;
  readonly startedBy: string;
  /** Why a FAILED run failed (English, for staff). */
  error: string | null;
}

/** The runs of one store (one server): start, list, stop all. */
export interface SimulationLauncher {
  /**
   * Validates `text` (a YAML or JSON scenario) in a new child and starts the run. Throws coded errors:
   * {@link SIMULATION_SCENARIO_INVALID} (with `field`), {@link SIMULATION_RUN_EXISTS},
   * {@link SIMULATION_BUSY}; `INTERNAL` when the child cannot start.
   */
  start(text: string, staffId: string): Promise<Launch>;
  /** The runs started since this process started, newest first. */
  list(): readonly Launch[];
  /** Asks running children to stop after their current matchday (keeping a stopped report), then kills them. */
  stopAll(): Promise<void>;
}

/** A stored scenario file: its name and text (YAML or JSON), offered as a start on the screen. */
export interface StoredScenario {
  readonly file: string;
  readonly text: string;
}

/** The `.yaml`/`.yml`/`.json` files of {@link simulationScenariosDir}, by name. */
export const storedScenarios = (dir = simulationScenariosDir()): StoredScenario[] =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => ['.yaml', '.yml', '.json'].includes(extname(f)))
        .sort()
        .map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8') }))
    : [];

const errorOf = (e: unknown): LaunchError => {
  const err = e instanceof Error ? e : new Error(String(e));
  const code = (err as { code?: unknown }).code;
  return { message: err.message, ...(typeof code === 'string' ? { code } : {}) };
};

/** Creates the launcher of `store` (`runner`: the child's entry, {@link simulationRunnerPath}). */
export const createSimulationLauncher = (
  store: EventStore,
  runner: string = simulationRunnerPath(),
): SimulationLauncher => {
  const launches: Launch[] = [];
  const children = new Map<Launch, ChildProcess>();
  let starting = false;

  const run = (launch: Launch, child: ChildProcess) => {
    children.set(launch, child);
    let writes: Promise<void> = Promise.resolve();
    const finish = (status: LaunchStatus, error: string | null) => {
      if (launch.status !== 'RUNNING') return;
      launch.status = status;
      launch.error = error;
      launch.finishedAt = new Date().toISOString();
      children.delete(launch);
    };
    child.on('message', (message: LaunchToParent) => {
      switch (message.kind) {
        case 'progress':
          launch.matchdaysDone = message.done;
          launch.matchdaysTotal = message.total;
          return;
        case 'append':
          // In the order sent: a wallet's next matchday is never written before its previous one.
          writes = writes.then(async () => {
            let error: LaunchError | undefined;
            try {
              await store.appendToStreams(message.requests);
            } catch (e) {
              error = errorOf(e);
            }
            if (child.connected)
              child.send({
                kind: 'appended',
                id: message.id,
                ...(error ? { error } : {}),
              } satisfies LaunchToChild);
          });
          return;
        case 'done':
          finish(message.stopped ? 'STOPPED' : 'DONE', null);
          return;
        case 'failed':
          finish('FAILED', message.message);
          return;
        default:
          return;
      }
    });
    child.on('exit', (code, signal) =>
      finish(
        'FAILED',
        `the simulation process ended (${signal ?? `exit ${code}`}) before its report was kept`,
      ),
    );
  };

  return {
    start: async (text, staffId) => {
      if (text.length > MAX_SCENARIO_CHARS)
        throw codedError(
          SIMULATION_SCENARIO_INVALID,
          `scenario: longer than ${MAX_SCENARIO_CHARS} characters`,
        );
      if (starting || launches.some((l) => l.status === 'RUNNING'))
        throw codedError(SIMULATION_BUSY, 'another simulation is running on this server; wait for it to end');
      starting = true;
      let child: ChildProcess | undefined;
      try {
        child = fork(runner, [], {
          cwd: REPO_ROOT,
          execArgv: ['--import', 'tsx'],
          serialization: 'advanced',
          stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
        });
        let stderr = '';
        child.stderr?.on('data', (chunk: Buffer) => {
          stderr = (stderr + chunk.toString()).slice(-2_000);
        });
        const started = child;
        const answer = await new Promise<LaunchToParent>((resolveAnswer, reject) => {
          const timer = setTimeout(
            () => reject(new Error('the simulation process did not answer in time')),
            ANSWER_TIMEOUT_MS,
          );
          const onExit = (code: number | null) => {
            clearTimeout(timer);
            reject(new Error(`the simulation process ended (exit ${code}): ${stderr.trim()}`));
          };
          started.once('exit', onExit);
          started.once('error', (e) => {
            clearTimeout(timer);
            reject(e);
          });
          started.once('message', (m: LaunchToParent) => {
            clearTimeout(timer);
            started.off('exit', onExit);
            resolveAnswer(m);
          });
          started.send({ kind: 'start', text } satisfies LaunchToChild);
        });
        if (answer.kind === 'invalid')
          throw codedError(SIMULATION_SCENARIO_INVALID, answer.message, {
            ...(answer.field ? { field: answer.field } : {}),
          });
        if (answer.kind !== 'accepted') throw new Error(`simulation: unexpected answer ${answer.kind}`);
        if (launches.some((l) => l.runId === answer.runId) || (await readSimulationRun(store, answer.runId)))
          throw codedError(
            SIMULATION_RUN_EXISTS,
            `a run of scenario ${answer.name} with seed ${answer.seed} is kept here already; change the name or the seed`,
            { field: 'name' },
          );
        const launch: Launch = {
          runId: answer.runId,
          name: answer.name,
          seed: answer.seed,
          leagues: answer.leagues,
          seasons: answer.seasons,
          bettors: answer.bettors,
          status: 'RUNNING',
          matchdaysDone: 0,
          matchdaysTotal: 0,
          startedAt: new Date().toISOString(),
          finishedAt: null,
          startedBy: staffId,
          error: null,
        };
        launches.unshift(launch);
        run(launch, started);
        started.send({ kind: 'go' } satisfies LaunchToChild);
        child = undefined; // it runs on
        return launch;
      } catch (e) {
        if ((e as { extensions?: unknown }).extensions) throw e;
        throw codedError('INTERNAL', `simulation: ${(e as Error).message}`);
      } finally {
        starting = false;
        if (child && child.exitCode === null) child.kill();
      }
    },
    list: () => [...launches],
    stopAll: async () => {
      await Promise.all(
        [...children.values()].map(
          (child) =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              const timer = setTimeout(() => {
                child.kill('SIGKILL');
                done();
              }, STOP_GRACE_MS);
              child.once('exit', () => {
                clearTimeout(timer);
                done();
              });
              if (child.connected) child.send({ kind: 'stop' } satisfies LaunchToChild);
              else child.kill();
            }),
        ),
      );
    },
  };
};
