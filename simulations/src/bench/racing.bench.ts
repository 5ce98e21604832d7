/**
 * `npm run bench:racing` (issue 19 "Speed"): racing orders placed through the money path, then one
 * round drawn and all its orders settled by the process manager, each paid exactly once.
 *
 * In one process on PostgreSQL (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres) in a
 * fresh schema, with every server module and a clock of our own: players get racing coin (staff
 * adjustments on the money path), the scheduler opens a round, BENCH_RACING_BETS (default 20,000)
 * orders are placed by `placeRacingBet` with BENCH_CONCURRENCY (64) in flight, spread over
 * BENCH_PLAYERS (2,000) players and the six bet types; then the clock moves to the draw and the
 * scheduler closes, draws and settles the round (settlement queued by the projection, drained with
 * `drainQueue`). Placement is measured in-process (not over HTTP: `bench:api` measures the HTTP path of
 * football bets). Checked: every order settled once, racing coin conserved (start − stakes + payouts).
 * Last stdout line: one JSON object of the figures.
 */
import { RacingBetType } from '@bashiri/domain';
import type { RacingSelection } from '@bashiri/domain';
import { createPostgresClient } from '@bashiri/eventstore';
import {
  closeServices,
  drainRacingSettlement,
  loadConfig,
  modules,
  openServices,
  placeRacingBet,
  runRacingScheduler,
  walletOf,
} from '@bashiri/api';

const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const BETS = Number(process.env.BENCH_RACING_BETS ?? 20_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 2_000);
const COIN = 1_000_000;

const schema = `bench_racing_${Date.now().toString(36)}`;
const sql = await createPostgresClient({ connectionString: url, schema, max: 20 });
/** 12:00:01 EAT on a fixed day: round 20261125-241 is open. */
let now = Date.parse('2026-11-25T09:00:01Z');
const services = await openServices(loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: url }), modules, {
  sql,
  now: () => now,
});

const device = () => ({ utcOffsetMinutes: 180, nowMs: now });
const selectionOf = (k: number): { selection: RacingSelection; single: number } => {
  const car = (k % 10) + 1;
  switch (k % 6) {
    case 0:
      return { selection: { betType: RacingBetType.Champion, positions: [[car]] }, single: 1_000 };
    case 1:
      return {
        selection: { betType: RacingBetType.ChampionAndRunnerUp, positions: [[car], [(car % 10) + 1]] },
        single: 500,
      };
    case 2:
      return {
        selection: {
          betType: RacingBetType.TopThree,
          positions: [[car], [(car % 10) + 1], [((car + 1) % 10) + 1]],
        },
        single: 200,
      };
    case 3:
      return {
        selection: { betType: RacingBetType.OddEven, options: [k % 2 ? 'odd' : 'even'] },
        single: 1_000,
      };
    case 4:
      return {
        selection: { betType: RacingBetType.BigSmall, options: [k % 2 ? 'big' : 'small'] },
        single: 1_000,
      };
    default:
      return {
        selection: {
          betType: RacingBetType.LuckRacing,
          positions: Array.from({ length: 10 }, (_, i) => [((i + k) % 10) + 1]),
        },
        single: 300,
      };
  }
};

const inBatches = async (count: number, work: (k: number) => Promise<void>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let k = next++; k < count; k = next++) await work(k);
    }),
  );
};

try {
  await services.projections.settle();
  const setupStart = performance.now();
  const userIds = Array.from({ length: PLAYERS }, (_, i) => `bench-racer-${i}`);
  await inBatches(PLAYERS, async (i) => {
    const userId = userIds[i]!;
    await walletOf(services).run({
      type: 'AdjustPocket',
      userId,
      pocket: 'racingCoin',
      amount: COIN,
      reference: 'bench',
      reason: 'bench:racing funds',
      movementId: `bench-fund:${userId}`,
      at: new Date(now).toISOString(),
      actor: { kind: 'staff', id: 'bench' },
    });
  });
  await runRacingScheduler(services);
  const setupSeconds = (performance.now() - setupStart) / 1000;

  const latencies: number[] = [];
  let refused = 0;
  const placeStart = performance.now();
  await inBatches(BETS, async (k) => {
    const { selection, single } = selectionOf(k);
    const t0 = performance.now();
    const answer = await placeRacingBet(services, userIds[k % PLAYERS]!, {
      requestId: `bench-${k}`,
      roundId: '20261125-241',
      selection,
      singleAmount: single,
      device: device(),
    });
    latencies.push(performance.now() - t0);
    if (!answer.ok) refused++;
  });
  const placeSeconds = (performance.now() - placeStart) / 1000;
  latencies.sort((a, b) => a - b);

  now = Date.parse('2026-11-25T09:03:00Z');
  const settleStart = performance.now();
  // The scheduler closes, draws and settles; under load the read model can lag a pass behind, so the
  // pass repeats (as the worker loop does every second) until no order of the round is pending.
  for (let pass = 0; pass < 100; pass++) {
    await runRacingScheduler(services);
    await services.projections.settle();
    await drainRacingSettlement(services);
    await services.projections.settle();
    const left = await sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM racing_orders WHERE status = 2',
    );
    if (left.rows[0]!.n === 0) break;
  }
  await runRacingScheduler(services);
  await services.projections.settle();
  const settleSeconds = (performance.now() - settleStart) / 1000;

  const { rows } = await sql.query<{ settled: number; pending: number; staked: string; paid: string }>(
    `SELECT count(*) FILTER (WHERE status = 4)::int AS settled, count(*) FILTER (WHERE status = 2)::int AS pending,
            coalesce(sum(amount), 0)::text AS staked, coalesce(sum(payout), 0)::text AS paid FROM racing_orders`,
  );
  const totals = rows[0]!;
  let coin = 0;
  for (const userId of userIds) coin += (await walletOf(services).current(userId)).racingCoin;
  const conserved = coin === PLAYERS * COIN - Number(totals.staked) + Number(totals.paid);
  const settledOnce = totals.settled === BETS - refused && totals.pending === 0;
  console.log(
    `placed ${BETS - refused} racing orders in ${placeSeconds.toFixed(1)} s, settled the round in ${settleSeconds.toFixed(1)} s; coin conserved: ${conserved}`,
  );
  console.log(
    JSON.stringify({
      bets: BETS,
      refused,
      players: PLAYERS,
      concurrency: CONCURRENCY,
      setup_seconds: Number(setupSeconds.toFixed(2)),
      racing_bets_placed_per_s: Math.round((BETS - refused) / placeSeconds),
      place_p50_ms: Number(latencies[Math.floor(latencies.length * 0.5)]!.toFixed(1)),
      place_p99_ms: Number(latencies[Math.floor(latencies.length * 0.99)]!.toFixed(1)),
      settle_seconds: Number(settleSeconds.toFixed(2)),
      racing_bets_settled_per_s: Math.round(totals.settled / settleSeconds),
      settled_exactly_once: settledOnce,
      coin_conserved: conserved,
    }),
  );
} finally {
  await closeServices(services, { keepSql: true });
  await sql.query(`DROP SCHEMA ${schema} CASCADE`);
  await sql.close();
}
