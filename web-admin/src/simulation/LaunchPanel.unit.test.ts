// @vitest-environment happy-dom
/**
 * Starting a simulation from the Simulations screen (issue 17 item 7) against a fake server: a stored
 * scenario fills the editor, Start sends the edited text, a refusal shows its translated text, and the
 * runs started here show their progress and, once done, link to the kept report. Without
 * simulations.run there is no start form.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomShims } from '../testing/dom-shims.ts';
import { refusal, StoryFrame } from '../testing/StoryFrame.tsx';
import { launchPercent, SimulationLaunchPanel } from './LaunchPanel.tsx';

beforeAll(installDomShims);
afterEach(cleanup);

const SLOW = 60_000;
const WAIT = { timeout: 30_000 };
const STORED =
  'name: epl\nleagues: [E0]\nseasons: ["2023-24"]\nseed: 1\nbettors: { count: 10, mix: { value: 1 } }\n';

const launch = (runId: string, status: string, done: number, total: number) => ({
  runId,
  name: 'epl',
  seed: 1,
  leagues: ['E0'],
  seasons: ['2023-24'],
  bettors: 10,
  status,
  matchdaysDone: done,
  matchdaysTotal: total,
  startedAt: '2026-11-27T06:00:00.000Z',
  finishedAt: status === 'RUNNING' ? null : '2026-11-27T06:01:00.000Z',
  error: null,
});

const panel = (answer: (op: string, v: Record<string, unknown>) => unknown, permissions: string[]) =>
  render(
    createElement(StoryFrame, {
      answer,
      permissions,
      path: '/simulations',
      children: createElement(SimulationLaunchPanel, {
        runPath: (runId: string) => `/simulations/${runId}`,
        onKept: () => undefined,
      }),
    }),
  );

describe('starting a simulation from the back office', () => {
  it('counts progress in whole percent, 0 while the total is unknown', () => {
    expect(launchPercent({ matchdaysDone: 0, matchdaysTotal: 0 })).toBe(0);
    expect(launchPercent({ matchdaysDone: 2, matchdaysTotal: 3 })).toBe(66);
    expect(launchPercent({ matchdaysDone: 3, matchdaysTotal: 3 })).toBe(100);
  });

  it(
    'fills the editor from a stored scenario, shows progress, links a finished run to its report, and waits while a run is in progress',
    async () => {
      const sent: string[] = [];
      panel(
        (op, v) => {
          if (op === 'SimulationScenarios')
            return { simulationScenarios: [{ file: 'epl.yaml', text: STORED }] };
          if (op === 'SimulationLaunches')
            return {
              simulationLaunches: [launch('simdone', 'DONE', 3, 3), launch('simrun', 'RUNNING', 1, 3)],
            };
          if (op === 'StartSimulationRun') {
            sent.push(v.scenario as string);
            return refusal('SIMULATION_BUSY');
          }
          return null;
        },
        ['simulations.view', 'simulations.run'],
      );
      const done = await screen.findByTestId('launch-report-simdone', {}, WAIT);
      expect(done.getAttribute('href')).toBe('/simulations/simdone');
      expect(screen.queryByTestId('launch-report-simrun')).toBeNull();
      expect(screen.getByTestId('launch-status-simrun').getAttribute('data-status')).toBe('RUNNING');
      expect(screen.getByText('1/3')).toBeTruthy();

      const select = screen.getByTestId('launch-stored');
      fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
      fireEvent.click(
        await screen.findByText('epl.yaml', { selector: '.ant-select-item-option-content' }, WAIT),
      );
      const editor = screen.getByTestId('launch-scenario') as HTMLTextAreaElement;
      await waitFor(() => expect(editor.value).toBe(STORED), WAIT);
      fireEvent.change(editor, { target: { value: STORED.replace('seed: 1', 'seed: 2') } });
      // A run is in progress: Start waits for it.
      const start = screen.getByTestId('launch-start') as HTMLButtonElement;
      expect(start.disabled).toBe(true);
    },
    SLOW,
  );

  it(
    'sends the edited scenario and shows the translated refusal',
    async () => {
      const sent: string[] = [];
      panel(
        (op, v) => {
          if (op === 'SimulationScenarios') return { simulationScenarios: [] };
          if (op === 'SimulationLaunches') return { simulationLaunches: [] };
          if (op === 'StartSimulationRun') {
            sent.push(v.scenario as string);
            return refusal('SIMULATION_BUSY');
          }
          return null;
        },
        ['simulations.view', 'simulations.run'],
      );
      const editor = (await screen.findByTestId('launch-scenario', {}, WAIT)) as HTMLTextAreaElement;
      fireEvent.change(editor, { target: { value: STORED } });
      fireEvent.click(screen.getByTestId('launch-start'));
      const error = await screen.findByTestId('launch-error', {}, WAIT);
      expect(
        within(error).getByText('Another simulation is running on the server: wait for it to end.'),
      ).toBeTruthy();
      expect(sent).toEqual([STORED]);
    },
    SLOW,
  );

  it(
    'shows no start form without simulations.run',
    async () => {
      panel(
        (op) =>
          op === 'SimulationLaunches' ? { simulationLaunches: [launch('simdone', 'DONE', 3, 3)] } : null,
        ['simulations.view'],
      );
      expect(await screen.findByTestId('launch-report-simdone', {}, WAIT)).toBeTruthy();
      expect(screen.queryByTestId('launch-start')).toBeNull();
    },
    SLOW,
  );
});
