/**
 * `npm run bench:cashout` (issue 20 "Speed"): 10,000 open bets on 20 live matches (BENCH_BETS,
 * BENCH_MATCHES) on PostgreSQL (DATABASE_URL, else the local server). Measures
 *  - quotes/s: every open bet re-quoted from the live state (three reads + one model per match),
 *  - the p99 of re-quoting one match's bets after a price change on it (what a push would cost),
 *  - accepts/s: full cash-outs accepted through the money path (early-settlement delay set to 0, no
 *    HTTP: the module's `acceptCashOut`), BENCH_ACCEPTS of them, BENCH_CONCURRENCY at a time.
 * Bets are written straight as events (placement is measured by `bench:api`). Last stdout line: JSON.
 */
import { betDecider, betStream, DEFAULT_BET_CONFIG, DEFAULT_CASH_OUT_CONFIG } from '@bashiri/domain';
import type { BetEvent, PlacedLeg } from '@bashiri/domain';
import { appendWith, createPostgresClient, deterministicEventId } from '@bashiri/eventstore';
import {
  acceptCashOut,
  closeServices,
  loadConfig,
  modules,
  openServices,
  quoteBets,
  saveCashOutConfig,
  seedBettingConfig,
} from '@bashiri/api';
import { insertTestMatch } from '@bashiri/api/testing/catalogue';
import type { TestMatch } from '@bashiri/api/testing/catalogue';

const BETS = Number(process.env.BENCH_BETS ?? 10_000);
const MATCHES = Number(process.env.BENCH_MATCHES ?? 20);
const ACCEPTS = Number(process.env.BENCH_ACCEPTS ?? 1_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);

const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const schema = `bench_cashout_${Date.now().toString(36)}`;
const sql = await createPostgresClient({ connectionString: url, schema, max: 10 });
const services = await openServices(loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: url }), modules, { sql });
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
try {
  await seedBettingConfig(services.sql);
  await saveCashOutConfig(
    services.sql,
    { ...DEFAULT_CASH_OUT_CONFIG, delaySeconds: 0 },
    'bench',
    services.now() - 1_000,
  );
  const at = new Date(services.now()).toISOString();
  const setupStart = performance.now();
  const matches: TestMatch[] = [];
  for (let m = 0; m < MATCHES; m++) {
    const match = await insertTestMatch(services.sql, {
      home: `Bench Home ${m}`,
      away: `Bench Away ${m}`,
      startTime: new Date(services.now() - 30 * 60_000),
      status: 2,
    });
    await services.sql.query(
      `INSERT INTO feed_matches (match_id, source_key, home_rate, away_rate, timeline) VALUES ($1, $2, 1.5, 1.1, '{}'::jsonb)`,
      [match.matchId, `bench:${schema}:${m}`],
    );
    await services.sql.query(
      `UPDATE matches SET match_minute = '61', home_score = 1, away_score = 0, ht_home_score = 1, ht_away_score = 0 WHERE id = $1`,
      [match.matchId],
    );
    matches.push(match);
  }
  const betIds: string[][] = matches.map(() => []);
  for (let offset = 0; offset < BETS; offset += 1_000) {
    await services.sql.transaction(async (tx) => {
      for (let i = offset; i < Math.min(BETS, offset + 1_000); i++) {
        const m = i % MATCHES;
        const match = matches[m]!;
        const pick = i % 3 === 0 ? 'away' : 'home';
        const leg: PlacedLeg = {
          matchId: match.matchId,
          selectionId: match.outcomes[pick],
          marketId: '1',
          marketName: 'Home Draw Away',
          selectionName: pick,
          home: `Bench Home ${m}`,
          away: `Bench Away ${m}`,
          startTime: at,
          eventStatus: 2,
          leg: { market: '1x2', pick, odds: pick === 'home' ? '2.00' : '3.60' },
        };
        const betId = deterministicEventId(`${schema}|${i}`);
        const userId = `bench-user-${i % 1_000}`;
        const decision = betDecider.decide(
          {
            type: 'PlaceBet',
            betId,
            at,
            serial: `S${i}`,
            userId,
            orderType: 'user',
            actor: { kind: 'player', id: userId },
            payType: 1,
            stake: 1_000,
            legs: [leg],
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
        betIds[m]!.push(betId);
      }
    });
  }
  const setupSeconds = (performance.now() - setupStart) / 1_000;
  const all = betIds.flat();

  // Every open bet quoted.
  const quoteStart = performance.now();
  const quotes = await quoteBets(services, all);
  const quoteSeconds = (performance.now() - quoteStart) / 1_000;
  const offers = [...quotes.values()].filter((q) => q.quote.offer).length;
  console.log(
    `quotes: ${all.length} bets on ${MATCHES} matches in ${quoteSeconds.toFixed(2)} s = ${Math.round(all.length / quoteSeconds)}/s (${offers} offers)`,
  );

  // A price change on one match: its bets re-quoted, 20 times (one per match in turn).
  const requote: number[] = [];
  for (let round = 0; round < 20; round++) {
    const m = round % MATCHES;
    await services.sql.query(`UPDATE matches SET match_minute = $2 WHERE id = $1`, [
      matches[m]!.matchId,
      String(62 + round),
    ]);
    const started = performance.now();
    await quoteBets(services, betIds[m]!);
    requote.push(performance.now() - started);
  }
  const requoteP99 = percentile(requote, 99);
  console.log(
    `re-quote after a price change: ${betIds[0]!.length} bets of one match, p50 ${percentile(requote, 50).toFixed(0)} ms, p99 ${requoteP99.toFixed(0)} ms (target <= 500 ms with the push)`,
  );

  // Full cash-outs accepted on the money path, CONCURRENCY at a time, each on another player's bet.
  const accepted = all.filter((id) => quotes.get(id)!.quote.offer).slice(0, ACCEPTS);
  const latencies: number[] = [];
  let paid = 0;
  const acceptStart = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < accepted.length) {
        const betId = accepted[next++]!;
        const q = quotes.get(betId)!.quote;
        if (!q.offer) continue;
        const started = performance.now();
        const answer = await acceptCashOut(
          services,
          { requestId: `bench-${betId}`, betId, offered: q.value, tolerance: 'ACCEPT_ANY' },
          { actor: { kind: 'system', id: 'bench' }, userId: null, hold: true },
        );
        latencies.push(performance.now() - started);
        if (answer.status === 'PAID') paid++;
      }
    }),
  );
  const acceptSeconds = (performance.now() - acceptStart) / 1_000;
  console.log(
    `accepts: ${paid} of ${accepted.length} paid in ${acceptSeconds.toFixed(2)} s = ${Math.round(paid / acceptSeconds)}/s, ` +
      `p99 ${percentile(latencies, 99).toFixed(0)} ms, ${CONCURRENCY} at a time (target >= 500/s, p99 <= 150 ms over HTTP)`,
  );
  console.log(
    JSON.stringify({
      bets: all.length,
      matches: MATCHES,
      setup_seconds: Number(setupSeconds.toFixed(2)),
      quotes_per_s: Math.round(all.length / quoteSeconds),
      requote_one_match_p99_ms: Number(requoteP99.toFixed(1)),
      accepts: paid,
      accepts_per_s: Math.round(paid / acceptSeconds),
      accept_p99_ms: Number(percentile(latencies, 99).toFixed(1)),
    }),
  );
} finally {
  await closeServices(services, { keepSql: true });
  await sql.query(`DROP SCHEMA ${schema} CASCADE`);
  await sql.close();
}
