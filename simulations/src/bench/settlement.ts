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
import { drainSettlementQueue } from '../../../api/src/modules/betting/settlement.ts';

export interface SettlementFigures {
  readonly bets: number;
  readonly setup_seconds: number;
  readonly settle_seconds: number;
  readonly bets_settled_per_s: number;
  readonly settled_exactly_once: boolean;
}

export const measureSettlement = async (services: AppServices, bets: number): Promise<SettlementFigures> => {
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
  await services.projections.settle();
  const setupSeconds = (performance.now() - setupStart) / 1_000;

  const start = performance.now();
  await handleCommand(services.store, fixtureStream(matchId), fixtureDecider, {
    type: 'RecordResult',
    matchId,
    actor: { kind: 'system', id: 'bench' },
    at,
    halfTime: { home: 1, away: 0 },
    fullTime: { home: 2, away: 0 },
  });
  await services.projections.settle();
  // One worker, as the server runs: several workers over the same wallets conflict batch after batch.
  const workers = Number(process.env.BENCH_SETTLEMENT_WORKERS ?? 1);
  await Promise.all(Array.from({ length: workers }, () => drainSettlementQueue(services, 250)));
  const settleSeconds = (performance.now() - start) / 1_000;

  console.log(
    `settlement: ${bets} bets settled in ${settleSeconds.toFixed(2)} s; checking every bet and credit…`,
  );
  // Exactly once: one BetSettled per bet, one WinningsCredited per winning bet (half the bets win).
  const check = await services.sql.query<{ settled: number; credits: number }>(
    `WITH bets AS (SELECT bet_id FROM settlement_legs WHERE match_id = $1)
     SELECT (SELECT count(*)::int FROM bets b JOIN es_events e ON e.stream_name = 'bet-' || b.bet_id
              WHERE e.event_type = 'BetSettled') AS settled,
            (SELECT count(*)::int FROM es_events e JOIN bets b ON b.bet_id = e.data->>'reference'
              WHERE e.category = 'wallet' AND e.event_type = 'WinningsCredited') AS credits`,
    [matchId],
  );
  const { settled, credits } = check.rows[0]!;
  return {
    bets,
    setup_seconds: Number(setupSeconds.toFixed(1)),
    settle_seconds: Number(settleSeconds.toFixed(2)),
    bets_settled_per_s: Math.round(bets / settleSeconds),
    settled_exactly_once: settled === bets && credits === Math.ceil(bets / 2),
  };
};
