/**
 * The season replay on the real data (a slice: the first matchdays of the Premier League 2023-24,
 * few bettors) on PGlite: the report's totals against a direct recomputation from the stored events,
 * and determinism. Skipped, with a message, when ../shared/data is absent.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { keepSimulationReport, listSimulationRuns, readSimulationRun } from '@bashiri/api';
import type {
  BetCashedOut,
  BetPlaced,
  BetSettled,
  MovementLine,
  RacingBetPlaced,
  RacingBetSettled,
  RacingCoinConverted,
  RoundDrawn,
  TicketBought,
  TicketSettled,
} from '@bashiri/domain';
import {
  createPgliteEventStore,
  type EventStore,
  type LogPosition,
  type RecordedEvent,
} from '@bashiri/eventstore';
import { describe, expect, it } from 'vitest';
import { runSimulation } from './engine.ts';
import { compareHtml, reportHtml } from './html.ts';
import { buildReport } from './report.ts';
import { parseScenario } from './scenario.ts';
import { DEFAULT_DATA_DIR } from './simulate.ts';
import { openWorkerSink } from './sink.ts';

/** Three slice runs, two of them through a worker thread: minutes on a loaded machine. */
const SLOW = 600_000;

const hasData = existsSync(join(DEFAULT_DATA_DIR, 'E0-2023-24.csv'));
if (!hasData) console.warn(`skipping the season-simulation int tests: no data at ${DEFAULT_DATA_DIR}`);

const scenario = parseScenario({
  name: 'slice',
  // Two leagues, three matchdays: 17 matches, enough for a 13-match jackpot and a Lucky Six round.
  leagues: ['E0', 'SP1'],
  seasons: ['2023-24'],
  maxMatchdays: 3,
  seed: 42,
  bettors: {
    count: 80,
    mix: { favourite: 1, longshot_acca: 1, value: 1, casual: 1, pool_player: 1, racing_player: 1 },
    activity: 0.5,
    cashOutShare: 0.5,
  },
  racing: { roundsPerDay: 4, odds: { champion: '9.60' } },
  config: { taxRatePercent: 10, stringRewards: [{ strings: 5, cashBackPercent: 10 }] },
});

const readEverything = async (store: EventStore): Promise<RecordedEvent[]> => {
  const all: RecordedEvent[] = [];
  let after: LogPosition | null = null;
  for (;;) {
    const page = await store.readAll({ after, maxCount: 1000 });
    all.push(...page.events);
    if (page.events.length === 0) return all;
    after = page.position;
  }
};
const lineSum = (e: RecordedEvent, pocket: MovementLine['pocket'] = 'balance') =>
  (e.data as { lines: MovementLine[] }).lines.reduce((s, l) => s + (l.pocket === pocket ? l.amount : 0), 0);

describe.skipIf(!hasData)('season simulation on PGlite', () => {
  it('the report totals equal a recomputation from the stored events, and the same seed gives the same report', async () => {
    const store = await createPgliteEventStore();
    const again = await createPgliteEventStore();
    try {
      const result = await runSimulation(scenario, { store, dataDir: DEFAULT_DATA_DIR });
      const report = buildReport(scenario, result);
      expect(report.totals.bets).toBeGreaterThan(50);
      expect(report.byMarketType.multiple?.bets ?? 0).toBeGreaterThan(0);

      const events = await readEverything(store);
      const placed = new Map<string, BetPlaced['data']>();
      const settled: BetSettled['data'][] = [];
      for (const e of events) {
        if (e.type === 'BetPlaced') placed.set(e.streamName, e.data as BetPlaced['data']);
        if (e.type === 'BetSettled') settled.push(e.data as BetSettled['data']);
      }
      const handle = settled.reduce((s, b) => s + placed.get(`bet-${b.betId}`)!.stake, 0);
      const gross = settled.reduce((s, b) => s + b.settlement.payout + b.settlement.reward, 0);
      const tax = settled.reduce((s, b) => s + b.settlement.tax, 0);
      const reward = settled.reduce((s, b) => s + b.settlement.reward, 0);
      const sum = (type: string, pocket: MovementLine['pocket'] = 'balance') =>
        events.filter((e) => e.type === type).reduce((s, e) => s + lineSum(e, pocket), 0);
      expect(settled.length).toBe(report.totals.bets);
      expect(handle).toBe(report.totals.handle);
      expect(handle - gross).toBe(report.totals.ggr);
      expect(tax).toBe(report.totals.withholdingTax);
      expect(reward).toBe(report.totals.accaBonus);
      // The pool tickets: stakes from TicketBought, prizes from TicketSettled, against the pools section.
      const pools = report.pools!;
      expect(pools.issues.map((i) => [i.game, i.status])).toEqual([
        ['jackpot', 'settled'],
        ['luckysix', 'settled'],
      ]);
      const bought = events
        .filter((e) => e.type === 'TicketBought')
        .map((e) => e.data as TicketBought['data']);
      const ticketSettled = events
        .filter((e) => e.type === 'TicketSettled')
        .map((e) => e.data as TicketSettled['data']);
      expect(bought.length).toBeGreaterThan(5);
      expect(bought.length).toBe(pools.totals.tickets);
      expect(ticketSettled.length).toBe(bought.length);
      expect(bought.reduce((s, t) => s + t.stake, 0)).toBe(pools.totals.handle);
      expect(bought.reduce((s, t) => s + t.lines, 0)).toBe(pools.totals.lines);
      expect(ticketSettled.reduce((s, t) => s + t.prize.gross, 0)).toBe(pools.totals.grossPrizes);
      expect(ticketSettled.reduce((s, t) => s + t.prize.net, 0)).toBe(pools.totals.credited);
      expect(events.filter((e) => e.type === 'IssueSettled').length).toBe(2);
      // Half-time cash-outs: value, tax and credit from BetCashedOut, the margin from its pricing.
      const cashOut = report.cashOut!;
      const cashed = events
        .filter((e) => e.type === 'BetCashedOut')
        .map((e) => e.data as BetCashedOut['data']);
      expect(cashed.length).toBeGreaterThan(0);
      expect(cashed.length).toBe(cashOut.cashOuts);
      expect(cashed.reduce((s, c) => s + c.gross!, 0)).toBe(cashOut.valuePaid);
      expect(cashed.reduce((s, c) => s + c.amount, 0)).toBe(cashOut.credited);
      expect(cashed.reduce((s, c) => s + c.pricing!.fairValue - c.gross!, 0)).toBe(cashOut.marginEarned);
      expect(cashOut.marginEarned).toBeGreaterThan(0);
      expect(cashed.reduce((s, c) => s + placed.get(`bet-${c.betId}`)!.stake, 0)).toBe(cashOut.stakes);
      // The wallets moved exactly these amounts: football bets, cash-outs and pool tickets.
      expect(-sum('StakeDebited')).toBe(
        report.totals.handle + cashOut.stakes + pools.totals.handle + pools.totals.openStakes,
      );
      expect(sum('WinningsCredited')).toBe(report.totals.credited + cashOut.credited + pools.totals.credited);
      expect(sum('DepositCredited')).toBe(report.payments.deposits);
      expect(-sum('WithdrawalReserved')).toBe(report.payments.withdrawals);
      // Virtual racing: orders from RacingBetPlaced/RacingBetSettled, rounds from RoundDrawn, the coin
      // from the wallets' racing-coin lines, the exchange from RacingCoinConverted.
      const racing = report.racing!;
      const of = <T>(type: string) => events.filter((e) => e.type === type).map((e) => e.data as T);
      const orders = of<RacingBetPlaced['data']>('RacingBetPlaced');
      const results = of<RacingBetSettled['data']>('RacingBetSettled');
      const drawn = of<RoundDrawn['data']>('RoundDrawn');
      expect(drawn.length).toBe(3 * 4);
      expect(drawn.length).toBe(racing.rounds);
      expect(orders.length).toBeGreaterThan(20);
      expect(orders.length).toBe(racing.orders);
      expect(results.length).toBe(orders.length);
      expect(orders.reduce((s, o) => s + o.amount, 0)).toBe(racing.handle);
      expect(orders.reduce((s, o) => s + o.tickets, 0)).toBe(racing.tickets);
      expect(results.reduce((s, o) => s + o.gross, 0)).toBe(racing.grossPayout);
      expect(results.reduce((s, o) => s + o.tax, 0)).toBe(racing.withholdingTax);
      expect(results.reduce((s, o) => s + o.payout, 0)).toBe(racing.credited);
      expect(orders.every((o) => o.terms.odds === (o.selection.betType === 1 ? '9.60' : o.terms.odds))).toBe(
        true,
      );
      for (const t of racing.byBetType) {
        const ids = new Set(orders.filter((o) => o.selection.betType === t.betType).map((o) => o.betId));
        expect(results.filter((r) => ids.has(r.betId)).reduce((s, r) => s + r.gross, 0)).toBe(t.grossPayout);
      }
      // Racing money moves racing coin only: the stakes and credits above are in the coin pocket.
      expect(-sum('StakeDebited', 'racingCoin')).toBe(racing.handle);
      expect(sum('WinningsCredited', 'racingCoin')).toBe(racing.credited);
      const converted = of<RacingCoinConverted['data']>('RacingCoinConverted');
      const toCoin = converted.filter((c) => c.direction === 'toRacingCoin');
      const sold = converted.filter((c) => c.direction === 'toBalance');
      expect(toCoin.length).toBeGreaterThan(0);
      expect(sold.length).toBeGreaterThan(0);
      expect(sum('RacingCoinConverted', 'racingCoin')).toBe(racing.coinBought - racing.coinSold);
      expect(
        -toCoin.reduce(
          (s, c) => s + c.lines.reduce((a, l) => a + (l.pocket === 'balance' ? l.amount : 0), 0),
          0,
        ),
      ).toBe(racing.coinBought);
      expect(sold.reduce((s, c) => s + c.tax, 0)).toBe(racing.exchangeTax);
      expect(
        sold.reduce(
          (s, c) => s + c.lines.reduce((a, l) => a + (l.pocket === 'balance' ? l.amount : 0), 0),
          0,
        ),
      ).toBe(racing.coinSold - racing.exchangeTax);
      const coinNow = events
        .filter((e) => e.streamName.startsWith('wallet-'))
        .reduce(
          (s, e) => s + ((e.data as { lines?: MovementLine[] }).lines ? lineSum(e, 'racingCoin') : 0),
          0,
        );
      expect(coinNow).toBe(racing.coinHeldAtEnd);

      // Kept: the back office lists the run, opens its report as built, and its bets are real streams.
      await keepSimulationReport(store, report, '2026-11-27T05:00:00.000Z');
      expect(await listSimulationRuns(store)).toEqual([
        expect.objectContaining({ runId: report.runId, name: 'slice', totals: report.totals }),
      ]);
      expect((await readSimulationRun(store, report.runId))?.report).toEqual(report);
      const win = report.largestWins[0]!;
      const betEvents = await store.readStream(`bet-${win.betId}`);
      expect(betEvents.events.map((e) => e.type)).toContain('BetSettled');

      const second = buildReport(
        scenario,
        await runSimulation(scenario, { store: again, dataDir: DEFAULT_DATA_DIR }),
      );
      expect(second).toEqual(report);
      expect(reportHtml(second)).toBe(reportHtml(report));
      const otherSeed = buildReport(
        { ...scenario, seed: 43 },
        await runSimulation(
          { ...scenario, seed: 43 },
          { store: await createPgliteEventStore(), dataDir: DEFAULT_DATA_DIR },
        ),
      );
      expect(otherSeed.totals).not.toEqual(report.totals);
      const page = compareHtml(report, otherSeed);
      expect(page).toContain('<th>B − A</th>');
      expect(page).toContain(`${report.totals.handle.toLocaleString('en-US')} TZS`);
      expect(page).toContain('<h2>Virtual racing</h2>');
      expect(page).toContain(
        `<tr><td>Handle</td><td>${report.racing!.handle.toLocaleString('en-US')} TZS</td>`,
      );
    } finally {
      await store.close();
      await again.close();
    }
  });

  it(
    'through the worker sink (PGlite in a worker thread) the run writes the same events and the same report',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'simulate-sink-'));
      const inThread = await createPgliteEventStore();
      try {
        const direct = buildReport(
          scenario,
          await runSimulation(scenario, { store: inThread, dataDir: DEFAULT_DATA_DIR }),
        );
        const sink = await openWorkerSink({ kind: 'pglite', dir });
        const viaWorker = buildReport(
          scenario,
          await runSimulation(scenario, { store: sink, dataDir: DEFAULT_DATA_DIR }),
        );
        await sink.keep(viaWorker, '2026-11-27T06:00:00.000Z', null);
        await sink.close();
        expect(viaWorker).toEqual(direct);

        // The worker wrote every event, in the same streams, order and content as the in-thread store.
        const written = await createPgliteEventStore(dir);
        try {
          const shape = (events: RecordedEvent[]) =>
            events.map((e) => [e.streamName, e.streamPosition, e.eventId, e.type, e.data]);
          const fromWorker = await readEverything(written);
          const expected = await readEverything(inThread);
          expect(fromWorker.length).toBe(expected.length + 2);
          expect(shape(fromWorker.filter((e) => !e.streamName.startsWith('simulation-')))).toEqual(
            shape(expected),
          );
          expect((await readSimulationRun(written, viaWorker.runId))?.report).toEqual(direct);
        } finally {
          await written.close();
        }

        // The same run again into the same store: its appends are idempotent retries (same event ids),
        // keeping its report a second time fails in the worker, and the error crosses to this thread.
        const again = await openWorkerSink({ kind: 'pglite', dir });
        try {
          await runSimulation(scenario, { store: again, dataDir: DEFAULT_DATA_DIR });
          await expect(again.keep(viaWorker, '2026-11-27T07:00:00.000Z', null)).rejects.toMatchObject({
            code: 'WRONG_EXPECTED_VERSION',
          });
        } finally {
          await again.close();
        }
      } finally {
        await inThread.close();
      }
    },
    SLOW,
  );

  it('a stop request ends the run between matchdays with what was appended', async () => {
    const store = await createPgliteEventStore();
    const controller = new AbortController();
    try {
      const result = await runSimulation(scenario, {
        store,
        dataDir: DEFAULT_DATA_DIR,
        signal: controller.signal,
        onMatchday: (done) => done === 1 && controller.abort(),
      });
      expect(result.stopped).toBe(true);
      expect(result.matchdays).toBe(1);
      const events = await readEverything(store);
      expect(events.filter((e) => e.type === 'BetSettled').length).toBe(result.bets.length);
    } finally {
      await store.close();
    }
  });

  it('the command names an unknown league and writes no report', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'simulate-'));
    const file = join(dir, 'bad.yaml');
    writeFileSync(
      file,
      'leagues: [ZZ]\nseasons: ["2023-24"]\nseed: 1\nbettors: { count: 5, mix: { favourite: 1 } }\n',
    );
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const out = join(dir, 'out');
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
      const child = spawn(
        'npx',
        ['--loglevel=error', 'tsx', 'simulations/src/cli/bashiri.ts', 'simulate', file, '--out', out],
        { cwd: root },
      );
      let err = '';
      child.stderr.on('data', (c: Buffer) => (err += c.toString()));
      child.on('error', reject);
      child.on('close', (c) => resolve({ code: c, stderr: err }));
    });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^error: unknown league or season: ZZ 2023-24/);
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
  });
});
