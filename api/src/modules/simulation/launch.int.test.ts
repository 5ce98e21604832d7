/**
 * Starting a season simulation from the back office (issue 17 item 7; decision 0092): the mutation
 * validates the scenario with the simulator's schema in a child process (a bad field is refused with
 * SIMULATION_SCENARIO_INVALID naming it), starts a tiny run (one matchday of the Premier League
 * 2023-24, 20 bettors) that appends its events and keeps its report in this server's store, and the
 * runs are followed with `simulationLaunches` until the report opens with `simulationRun`. Starting
 * needs `simulations.run`. Skipped, with a message, when the season data is absent.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff, startTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { SIMULATION_RUN_EXISTS, SIMULATION_SCENARIO_INVALID } from './index.ts';

/** Where the child reads the seasons (the simulator's default: FOOTBALL_DATA_DIR or ../shared/data). */
const DATA_DIR = process.env.FOOTBALL_DATA_DIR
  ? resolve(process.env.FOOTBALL_DATA_DIR)
  : fileURLToPath(new URL('../../../../../shared/data/football-data/', import.meta.url));
const hasData = existsSync(join(DATA_DIR, 'E0-2023-24.csv'));
if (!hasData) console.warn(`skipping the simulation launch int test: no data at ${DATA_DIR}`);

const START = `mutation ($scenario: String!) { startSimulationRun(scenario: $scenario) {
  runId name seed leagues seasons bettors status matchdaysDone matchdaysTotal startedBy } }`;
const LAUNCHES = `{ simulationLaunches { runId status matchdaysDone matchdaysTotal error finishedAt } }`;
const RUN = `query ($runId: ID!) { simulationRun(runId: $runId) {
  summary { runId name seed stopped totals { bets handle ggr } } matchdays matchdaysTotal } }`;
const STORED = `{ simulationScenarios { file text } }`;

const TINY = `
name: launch-int
leagues: [E0]
seasons: ["2023-24"]
maxMatchdays: 1
seed: 7
bettors:
  count: 20
  mix: { favourite: 1, casual: 1 }
  activity: 0.6
`;

/** Each start forks a child that loads tsx and the seasons: up to minutes on a loaded machine. */
const SLOW = 600_000;

type Launch = {
  runId: string;
  status: string;
  matchdaysDone: number;
  matchdaysTotal: number;
  error: string | null;
};

describe.skipIf(!hasData)('simulations started from the back office', () => {
  let t: TestApp;
  const analyst = staff('7', ['simulations.view', 'simulations.run']);
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it(
    'refuses a scenario that fails the schema, naming the field, and one that names a data folder',
    async () => {
      const bad = await t.gql(START, { scenario: TINY.replace('count: 20', 'count: 0') }, analyst);
      expect(bad.errors?.[0]?.extensions).toMatchObject({
        code: SIMULATION_SCENARIO_INVALID,
        field: 'bettors.count',
      });
      expect(bad.errors?.[0]?.message).toMatch(/^scenario: bettors\.count: /);
      const folder = await t.gql(START, { scenario: `${TINY}dataDir: /etc\n` }, analyst);
      expect(folder.errors?.[0]?.extensions).toMatchObject({
        code: SIMULATION_SCENARIO_INVALID,
        field: 'dataDir',
      });
      const launches = await t.gql<{ simulationLaunches: Launch[] }>(LAUNCHES, {}, analyst);
      expect(launches.data!.simulationLaunches).toEqual([]);
    },
    SLOW,
  );

  it(
    'starts a tiny run off the request thread; it completes and its report is kept here',
    async () => {
      const started = await t.gql<{ startSimulationRun: Launch & { name: string; startedBy: string } }>(
        START,
        { scenario: TINY },
        analyst,
      );
      expect(started.errors).toBeUndefined();
      const launch = started.data!.startSimulationRun;
      expect(launch).toMatchObject({ name: 'launch-int', status: 'RUNNING', startedBy: '7' });

      await expect
        .poll(
          async () => {
            const { data } = await t.gql<{ simulationLaunches: Launch[] }>(LAUNCHES, {}, analyst);
            return data!.simulationLaunches.find((l) => l.runId === launch.runId);
          },
          { timeout: 600_000, interval: 1_000 },
        )
        .toMatchObject({ status: 'DONE', matchdaysDone: 1, matchdaysTotal: 1, error: null });

      const run = await t.gql<{
        simulationRun: {
          summary: {
            runId: string;
            seed: number;
            stopped: boolean;
            totals: { bets: number; handle: number };
          };
          matchdays: number;
        };
      }>(RUN, { runId: launch.runId }, analyst);
      expect(run.errors).toBeUndefined();
      const report = run.data!.simulationRun;
      expect(report.summary).toMatchObject({ runId: launch.runId, seed: 7, stopped: false });
      expect(report.matchdays).toBe(1);
      expect(report.summary.totals.bets).toBeGreaterThan(0);
      // The run's bets are real streams of this store, with the report's handle.
      let handle = 0;
      for (let n = 1; ; n++) {
        const { events } = await t.services.store.readStream(`bet-${launch.runId}-b${n}`);
        if (events.length === 0) break;
        const placed = events.find((e) => e.type === 'BetPlaced')!.data as { stake: number };
        if (events.some((e) => e.type === 'BetSettled')) handle += placed.stake;
      }
      expect(handle).toBe(report.summary.totals.handle);

      // The same name and seed again: refused before anything runs.
      const again = await t.gql(START, { scenario: TINY }, analyst);
      expect(again.errors?.[0]?.extensions?.code, JSON.stringify(again.errors)).toBe(SIMULATION_RUN_EXISTS);
    },
    SLOW,
  );

  it(
    'offers the stored scenarios and needs simulations.run to start',
    async () => {
      const stored = await t.gql<{ simulationScenarios: { file: string; text: string }[] }>(
        STORED,
        {},
        analyst,
      );
      expect(stored.data!.simulationScenarios.map((s) => s.file)).toContain('premier-league-2023-24.yaml');
      const viewer = staff('8', ['simulations.view']);
      const refused = await t.gql(START, { scenario: TINY }, viewer);
      expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect((await t.gql(STORED, {}, viewer)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    },
    SLOW,
  );
});
