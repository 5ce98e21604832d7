/**
 * Settlement throughput (issue 4 "Benchmark"): one match with N open bets ends; how fast does the
 * settlement process manager settle them all, and are they all settled exactly once?
 * Used by `npm run bench:feed`. Bets are written straight as events (placement is measured by
 * `bench:api`), spread over 1,000 players.
 */
import { betDecider, betStream, DEFAULT_BET_CONFIG, fixtureDecider, fixtureStream } from '@bashiri/domain';
import type { BetEvent, PlacedLeg } from '@bashiri/domain';
import { appendWith, deterministicEventId, handleCommand } from '@bashiri/eventstore';
import type { AppServices } from '@bashiri/api';
import { drainSettlementQueue } from '@bashiri/api';
import { pgBackendCpu } from './pg-cpu.ts';
import { profileWhile } from './profile.ts';

export interface SettlementFigures {
  readonly bets: number;
  readonly setup_seconds: number;
  /** From the result to the last bet settled: queueing included. */
  readonly settle_seconds: number;
  /** Of which: from the result to the match's bets queued (waits for older transactions of the cluster). */
  readonly queued_seconds: number;
  readonly bets_settled_per_s: number;
  readonly settled_exactly_once: boolean;
  /** CPU of this process (Node) per settled bet during the settling, in ms. */
  readonly node_cpu_ms_per_bet: number;
  /** CPU of the PostgreSQL backends serving this bench per settled bet, in ms (null when not local). */
  readonly pg_cpu_ms_per_bet: number | null;
}

/** Runs the projections until `countSql` (one `n`, parameter: the match) reaches `expected`. */
const settleUntil = async (
  services: AppServices,
  countSql: string,
  matchId: string,
  expected: number,
): Promise<void> => {
  for (;;) {
    await services.projections.settle();
    const { rows } = await services.sql.query<{ n: number }>(countSql, [matchId]);
    if (rows[0]!.n >= expected) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/**
 * Settles `bets` bets of one match and checks each was settled once. `applicationName`: the
 * `application_name` of the services' connections, to meter PostgreSQL's CPU (pg-cpu.ts).
 */
export const measureSettlement = async (
  services: AppServices,
  bets: number,
  applicationName?: string,
): Promise<SettlementFigures> => {
  const matchId = `bench-${Date.now().toString(36)}`;
  const at = new Date(services.now()).toISOString();
  const setupStart = performance.now();
  const leg = (pick: 'home' | 'away'): PlacedLeg => ({
    matchId,
    selectionId: pick === 'home' ? '1' : '3',
    marketId: '1',
    marketName: 'Home Draw Away',
    selectionName: pick,
    home: 'Simba SC',
    away: 'Young Africans',
    startTime: at,
    eventStatus: 1,
    leg: { market: '1x2', pick, odds: '2.00' },
  });
  for (let offset = 0; offset < bets; offset += 1_000) {
    await services.sql.transaction(async (tx) => {
      for (let i = offset; i < Math.min(bets, offset + 1_000); i++) {
        const betId = deterministicEventId(`${matchId}|${i}`);
        const decision = betDecider.decide(
          {
            type: 'PlaceBet',
            betId,
            at,
            serial: `S${matchId}${i}`,
            userId: `bench-user-${i % 1_000}`,
            orderType: 'user',
            actor: { kind: 'player', id: `bench-user-${i % 1_000}` },
            payType: 1,
            stake: 1_000,
            legs: [leg(i % 2 === 0 ? 'home' : 'away')],
            config: DEFAULT_BET_CONFIG,
            configVersion: 'bench',
            taxRule: null,
          },
          betDecider.initialState(),
        );
        if (!decision.ok) throw new Error(decision.error.message);
        const events: BetEvent[] = [
          ...decision.events,
          { type: 'StakePaid', data: { betId, at, movementId: `bet-${betId}:stake` } },
        ];
        await appendWith(tx, betStream(betId), events, { expectedVersion: 0 });
      }
    });
  }
  // A projection sees an event once no older transaction of the whole cluster is still open (the
  // global log's visibility rule): on a shared server, catch up until every bet is known.
  await settleUntil(
    services,
    'SELECT count(*)::int AS n FROM settlement_legs WHERE match_id = $1',
    matchId,
    bets,
  );
  const setupSeconds = (performance.now() - setupStart) / 1_000;

  const pgCpu = applicationName ? await pgBackendCpu(services.sql, applicationName) : null;
  const nodeCpu0 = process.cpuUsage();
  const start = performance.now();
  await handleCommand(services.store, fixtureStream(matchId), fixtureDecider, {
    type: 'RecordResult',
    matchId,
    actor: { kind: 'system', id: 'bench' },
    at,
    halfTime: { home: 1, away: 0 },
    fullTime: { home: 2, away: 0 },
  });
  // The facts and the match's whole queue commit together (settlement.ts `settlementTriggers`).
  await settleUntil(
    services,
    'SELECT count(*)::int AS n FROM settlement_facts WHERE match_id = $1',
    matchId,
    1,
  );
  const queuedSeconds = (performance.now() - start) / 1_000;
  // One worker, as the server runs: several workers over the same wallets conflict batch after batch.
  // Its lanes (decision 0168) are batches of disjoint players in flight at once; BENCH_SETTLEMENT_LANES=1
  // is the worker before them.
  const workers = Number(process.env.BENCH_SETTLEMENT_WORKERS ?? 1);
  const lanes = process.env.BENCH_SETTLEMENT_LANES ? Number(process.env.BENCH_SETTLEMENT_LANES) : undefined;
  await profileWhile(process.env.BENCH_CPU_PROF, () =>
    Promise.all(Array.from({ length: workers }, () => drainSettlementQueue(services, 250, lanes))),
  );
  const settleSeconds = (performance.now() - start) / 1_000;
  const nodeCpu = process.cpuUsage(nodeCpu0);
  const pgSeconds = pgCpu ? await pgCpu() : null;

  console.log(
    `settlement: ${bets} bets settled in ${settleSeconds.toFixed(2)} s; checking every bet and credit…`,
  );
  // Exactly once: one BetSettled per bet, one WinningsCredited per winning bet (half the bets win).
  // Each bet's stream is probed through the primary key (a join on an expression of a CTE was planned
  // as scans and took minutes at 100,000 bets), and credits are grouped first, then matched to the
  // match's bets by key (a semi-join against the CTE was planned as a nested loop: 30,000² comparisons).
  const check = await services.sql.query<{
    settled_once: number;
    settled: number;
    credited_bets: number;
    credits: number;
  }>(
    `WITH bets AS MATERIALIZED (SELECT bet_id FROM settlement_legs WHERE match_id = $1),
     settled AS (
       SELECT s.n FROM bets b CROSS JOIN LATERAL (
         SELECT count(*) AS n FROM es_events e
         WHERE e.stream_name = 'bet-' || b.bet_id AND e.event_type = 'BetSettled') AS s
     ),
     credits AS (
       SELECT c.n FROM (
         SELECT e.data->>'reference' AS bet_id, count(*) AS n FROM es_events e
         WHERE e.category = 'wallet' AND e.event_type = 'WinningsCredited' GROUP BY 1) AS c
       WHERE EXISTS (SELECT 1 FROM settlement_legs l WHERE l.match_id = $1 AND l.bet_id = c.bet_id)
     )
     SELECT (SELECT count(*)::int FROM settled WHERE n = 1) AS settled_once,
            (SELECT coalesce(sum(n), 0)::int FROM settled) AS settled,
            (SELECT count(*)::int FROM credits) AS credited_bets,
            (SELECT coalesce(sum(n), 0)::int FROM credits) AS credits`,
    [matchId],
  );
  const { settled_once, settled, credited_bets, credits } = check.rows[0]!;
  const winners = Math.ceil(bets / 2);
  return {
    bets,
    setup_seconds: Number(setupSeconds.toFixed(1)),
    settle_seconds: Number(settleSeconds.toFixed(2)),
    queued_seconds: Number(queuedSeconds.toFixed(2)),
    bets_settled_per_s: Math.round(bets / settleSeconds),
    settled_exactly_once:
      settled_once === bets && settled === bets && credited_bets === winners && credits === winners,
    node_cpu_ms_per_bet: Number(((nodeCpu.user + nodeCpu.system) / 1_000 / bets).toFixed(3)),
    pg_cpu_ms_per_bet: pgSeconds === null ? null : Number(((pgSeconds * 1_000) / bets).toFixed(3)),
  };
};
