/**
 * `bashiri simulate <scenario.yaml|json> [--compare other.yaml] [--out dir] [--data dir] [--keep <dir>]`
 * (docs/simulations.md, docs/cli.md): runs the scenario (and the other one on the same seed), writes
 * `report.json` and `report.html` (and `compare.html`/`compare.json`) atomically, shows a progress bar
 * with matchdays done and time left, and stops cleanly on Ctrl-C keeping what was appended.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SingleBar } from 'cli-progress';
import { DataError } from './data.ts';
import { runIdOf, runSimulation } from './engine.ts';
import { compareHtml, reportHtml } from './html.ts';
import { buildReport, type Report } from './report.ts';
import { loadScenario, ScenarioError, type Scenario } from './scenario.ts';
import { openWorkerSink, type SinkTarget } from './sink.ts';

/** The repository root (simulations/src/season → ../../..). */
const REPO_ROOT = resolve(import.meta.dirname, '../../..');
/**
 * Where the real seasons live when neither `--data` nor the scenario's `dataDir` says otherwise:
 * `FOOTBALL_DATA_DIR` when set (as for `bench:feed`; a worktree outside the repository's folder), else
 * `../shared/data/football-data` beside the repository.
 */
export const DEFAULT_DATA_DIR = process.env.FOOTBALL_DATA_DIR
  ? resolve(process.env.FOOTBALL_DATA_DIR)
  : resolve(REPO_ROOT, '../shared/data/football-data');

export const SIMULATE_USAGE =
  'usage: npm run bashiri -- simulate <scenario.yaml|json> [--compare other.yaml] [--out dir] [--data dir] [--keep <dir>]   (see docs/simulations.md)';

/** Writes `text` to `path` through a temporary file and a rename: readers never see half a file. */
export const writeAtomically = (path: string, text: string): void => {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, text);
    renameSync(temp, path);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
};

/** The data folder of a scenario: `--data`, else its `dataDir` (relative to the scenario file), else the shared data. */
export const dataDirOf = (scenario: Scenario, scenarioPath: string, flag?: string): string =>
  flag
    ? resolve(flag)
    : scenario.dataDir
      ? resolve(dirname(scenarioPath), scenario.dataDir)
      : DEFAULT_DATA_DIR;

interface RunOne {
  readonly scenario: Scenario;
  readonly dataDir: string;
  readonly label: string;
  /** The run id of the other scenario of a `--compare` what-if (kept with the report), if any. */
  readonly comparedWith?: string;
}

/** The run's store (opened in the sink's worker thread): throwaway PGlite, the kept folder, or `DATABASE_URL`. */
const storeTarget = (keep: string | boolean | undefined, label: string): SinkTarget => {
  if (keep === undefined || keep === false) return { kind: 'memory' };
  if (process.env.DATABASE_URL) return { kind: 'env' };
  const dir = typeof keep === 'string' && keep !== '' ? keep : '.data/simulations';
  return { kind: 'pglite', dir: label === 'A' ? resolve(dir) : resolve(`${dir}-${label}`) };
};

const runOne = async (
  one: RunOne,
  keep: string | boolean | undefined,
  signal: AbortSignal,
): Promise<Report> => {
  const store = await openWorkerSink(storeTarget(keep, one.label));
  const bar = new SingleBar({
    format: `${one.scenario.name} [{bar}] {value}/{total} matchdays | {duration_formatted} elapsed | {eta_formatted} left`,
    stream: process.stderr,
    hideCursor: true,
  });
  let started = false;
  try {
    const result = await runSimulation(one.scenario, {
      store,
      dataDir: one.dataDir,
      signal,
      onMatchday: (done, total) => {
        if (!started) {
          bar.start(total, 0);
          started = true;
        }
        bar.update(done);
      },
    });
    const report = buildReport(one.scenario, result);
    // A kept run keeps its report beside its events: the back office's Simulations screen lists it.
    if (keep !== undefined) await store.keep(report, new Date().toISOString(), one.comparedWith ?? null);
    return report;
  } finally {
    if (started) bar.stop();
    await store.close();
  }
};

/** Runs the `simulate` command; returns the exit code (0 done, 1 bad input, 2 bad command line, 130 stopped). */
export const simulateCommand = async (argv: readonly string[]): Promise<number> => {
  let args;
  try {
    args = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        compare: { type: 'string' },
        out: { type: 'string' },
        data: { type: 'string' },
        keep: { type: 'string' },
      },
    });
  } catch (e) {
    process.stderr.write(`error: ${(e as Error).message}; ${SIMULATE_USAGE}\n`);
    return 2;
  }
  const [path, ...extra] = args.positionals;
  if (path === undefined || extra.length > 0) {
    process.stderr.write(
      `error: ${path === undefined ? 'no scenario file' : `unexpected ${extra.join(' ')}`}; ${SIMULATE_USAGE}\n`,
    );
    return 2;
  }
  const controller = new AbortController();
  const onSigint = () => {
    process.stderr.write('\nstopping after this matchday (Ctrl-C again to abort)…\n');
    controller.abort();
    process.off('SIGINT', onSigint);
  };
  process.on('SIGINT', onSigint);
  try {
    const a = loadScenario(path);
    const runs: RunOne[] = [{ scenario: a, dataDir: dataDirOf(a, path, args.values.data), label: 'A' }];
    if (args.values.compare) {
      const b = loadScenario(args.values.compare);
      const bOnSeed = { ...b, seed: a.seed };
      runs[0] = { ...runs[0]!, comparedWith: runIdOf(bOnSeed) };
      runs.push({
        scenario: bOnSeed,
        dataDir: dataDirOf(b, args.values.compare, args.values.data),
        label: 'B',
        comparedWith: runIdOf(a),
      });
    }
    const out = resolve(args.values.out ?? join('simulation-reports', `${a.name}-${a.seed}`));
    const reports: Report[] = [];
    for (const run of runs) {
      const report = await runOne(run, args.values.keep, controller.signal);
      reports.push(report);
      const dir = runs.length === 1 ? out : join(out, run.label);
      writeAtomically(join(dir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
      writeAtomically(join(dir, 'report.html'), reportHtml(report));
      process.stderr.write(
        `${report.stopped ? 'stopped; partial ' : ''}report: ${join(dir, 'report.html')}\n`,
      );
      if (report.stopped) return 130;
    }
    if (reports.length === 2) {
      const [ra, rb] = reports as [Report, Report];
      writeAtomically(
        join(out, 'compare.json'),
        `${JSON.stringify({ a: ra.totals, b: rb.totals }, null, 2)}\n`,
      );
      writeAtomically(join(out, 'compare.html'), compareHtml(ra, rb));
      process.stderr.write(`comparison: ${join(out, 'compare.html')}\n`);
    }
    process.stdout.write(`${JSON.stringify({ out, totals: reports.map((r) => r.totals) })}\n`);
    return 0;
  } catch (e) {
    if (e instanceof ScenarioError || e instanceof DataError) {
      process.stderr.write(`error: ${e.message}\n`);
      return 1;
    }
    const code = (e as { code?: string }).code;
    if (args.values.keep !== undefined && (code === 'WRONG_EXPECTED_VERSION' || code === '23505')) {
      process.stderr.write(
        `error: --keep: the store already holds this run's streams (same scenario name and seed); keep each run in its own folder\n`,
      );
      return 1;
    }
    throw e;
  } finally {
    process.off('SIGINT', onSigint);
  }
};
