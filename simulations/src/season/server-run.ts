/**
 * A season simulation started from the back office (docs/simulations.md "Starting a run from the back
 * office"; decision 0092): the child process the API forks (`api/src/modules/simulation/launch.ts`,
 * which holds the protocol types). It validates the scenario text with the CLI's schema
 * (`parseScenarioText`; a `dataDir` is refused: the server's data folder is used) and the data (every
 * league × season file exists), answers `accepted` or `invalid`, and on `go` runs the season with the
 * server's event store as its sink: each append is sent to the parent, which writes it to its store
 * and answers. Progress after each matchday; at the end the report is kept (`keepSimulationReport`,
 * through the same appends) and `done` is sent. `stop` (the server stopping) ends the run after the
 * current matchday with a report marked stopped.
 */
import {
  keepSimulationReport,
  type LaunchError,
  type LaunchToChild,
  type LaunchToParent,
} from '@bashiri/api';
import type { AppendToStreamsResult, StreamAppendRequest } from '@bashiri/eventstore';
import { DataError } from './data.ts';
import { loadScenarioData, runIdOf, runSimulation } from './engine.ts';
import { buildReport } from './report.ts';
import { parseScenarioText, ScenarioError, type Scenario } from './scenario.ts';
import { DEFAULT_DATA_DIR } from './simulate.ts';
import type { EventSink } from './sink.ts';

const send = (message: LaunchToParent): void => {
  process.send?.(message);
};
/** Sends the last message, then closes the channel (which ends this process). */
const sendLast = (message: LaunchToParent): void => {
  process.send?.(message, undefined, {}, () => process.disconnect());
};

/** The parent's store as a sink: each append sent over IPC and answered (`appended`) in order. */
const waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
let nextId = 0;
const parentSink: EventSink = {
  appendToStreams: (requests: readonly StreamAppendRequest[]): Promise<AppendToStreamsResult> => {
    const id = ++nextId;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve: () => resolve({ alreadyStored: false, streams: [] }), reject });
      send({ kind: 'append', id, requests });
    });
  },
};
const revive = (e: LaunchError): Error => Object.assign(new Error(e.message), e.code ? { code: e.code } : {});

const controller = new AbortController();
let scenario: Scenario | null = null;

/** Validates the scenario text and the data; answers `accepted` or `invalid`. */
const accept = (text: string): void => {
  try {
    const parsed = parseScenarioText(text);
    if (parsed.dataDir !== undefined)
      throw new ScenarioError(
        'scenario: dataDir: not allowed from the back office (the server uses its own data folder)',
        'dataDir',
      );
    scenario = parsed;
    loadScenarioData(parsed, DEFAULT_DATA_DIR);
    send({
      kind: 'accepted',
      runId: runIdOf(parsed),
      name: parsed.name,
      seed: parsed.seed,
      leagues: parsed.leagues,
      seasons: parsed.seasons,
      bettors: parsed.bettors.count,
    });
  } catch (e) {
    if (e instanceof ScenarioError || e instanceof DataError) {
      sendLast({
        kind: 'invalid',
        message: e.message,
        field:
          e instanceof ScenarioError ? e.field : e.message.startsWith('unknown league') ? 'leagues' : null,
      });
      return;
    }
    throw e;
  }
};

/** Runs the accepted scenario into the parent's store and keeps its report. */
const go = async (s: Scenario): Promise<void> => {
  try {
    const result = await runSimulation(s, {
      store: parentSink,
      dataDir: DEFAULT_DATA_DIR,
      signal: controller.signal,
      onMatchday: (done, total) => send({ kind: 'progress', done, total }),
    });
    const report = buildReport(s, result);
    await keepSimulationReport(parentSink, report, new Date().toISOString(), null);
    sendLast({ kind: 'done', stopped: report.stopped });
  } catch (e) {
    process.exitCode = 1;
    sendLast({ kind: 'failed', message: (e as Error).message });
  }
};

// The server went away (or this run is over): nothing more to do.
process.on('disconnect', () => process.exit());

process.on('message', (message: LaunchToChild) => {
  switch (message.kind) {
    case 'start':
      accept(message.text);
      return;
    case 'go':
      if (scenario) void go(scenario);
      return;
    case 'stop':
      controller.abort();
      return;
    case 'appended': {
      const w = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error) w?.reject(revive(message.error));
      else w?.resolve();
      return;
    }
  }
});
