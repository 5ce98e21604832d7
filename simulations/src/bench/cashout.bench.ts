/**
 * `npm run bench:cashout` (issue 20 "Speed"): 10,000 open bets on 20 live matches (BENCH_BETS,
 * BENCH_MATCHES) against the real server (every module as `npm start` starts them, the live feed off)
 * on PostgreSQL (DATABASE_URL, else the local server) in a fresh schema.
 *
 * Two processes, so that the load generator never steals the server's event loop (as bench:casino):
 * the SERVER (this file with argument `server`, forked) writes the bets as events in grouped
 * multi-stream appends (placement is measured by `bench:api`), opens a session per player, sets the
 * early-settlement delay to 0 and measures in its own process
 *  - quotes/s: every open bet quoted from the live state (`quoteBets`),
 *  - the p99 of re-quoting one match's bets after a price change on it (no push);
 * the DRIVER (this process) measures over the network
 *  - `requote_push_p99_ms`: BENCH_SUBSCRIBERS (100) players subscribed to `cashOutOffer` of their bet on
 *    one match over GraphQL websockets (graphql-transport-ws); the server changes the match's clock and
 *    publishes `MATCH_UPDATED` (what the feed does on a tick), BENCH_TICKS (10) times; from the driver's
 *    request of the change to each subscriber's new offer;
 *  - `http_accepts_per_s` / `http_accept_p99_ms`: BENCH_ACCEPTS (1,000) full cash-outs accepted with
 *    the `earlySettlements` mutation, BENCH_CONCURRENCY (20) at a time, each by the bet's owner
 *    (Bearer session, own X-Forwarded-For), tolerance ACCEPT_ANY; `http_errors` = HTTP or GraphQL
 *    errors and answers other than PAID.
 * Also the server's and its PostgreSQL backends' CPU time per acceptance (ms, from /proc; the backends
 * found by `application_name`) and the statements the server sent per acceptance (projections
 * included); then the same three again up to the moment the read models the acceptances feed have
 * applied every bet and wallet event (`…_with_read_models`, and `read_models_caught_up_ms` after the last
 * acceptance): projections that lag during the acceptances do their work after them, and that work is
 * the acceptances' too. BENCH_COUNT_STATEMENTS=1 prints the statements of the acceptances by name or first words
 * (stderr); BENCH_CPU_PROF=1 writes a V8 CPU profile of the server during the acceptances only to
 * BENCH_CPU_PROF_DIR (default <tmp>/bashiri-bench-profiles). Last stdout line: JSON.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BetEvent, PlacedLeg } from '@bashiri/domain';
import { createPostgresClient } from '@bashiri/eventstore';
import type { StreamAppendRequest } from '@bashiri/eventstore';
import type { TestMatch } from '@bashiri/api/testing/catalogue';
import { forkBenchServer } from './server-process.ts';
import { countingSql } from './statements.ts';
import { totalCpuSeconds, withApplicationName } from './pg-cpu.ts';

const URL_ = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const BETS = Number(process.env.BENCH_BETS ?? 10_000);
const MATCHES = Number(process.env.BENCH_MATCHES ?? 20);
const ACCEPTS = Number(process.env.BENCH_ACCEPTS ?? 1_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 100);
const TICKS = Number(process.env.BENCH_TICKS ?? 10);
const PLAYERS = 1_000;

/** A bet the driver may accept: its owner's session and the value quoted. */
interface Offered {
  readonly betId: string;
  readonly player: number;
  readonly value: number;
}

interface Ready {
  readonly type: 'ready';
  readonly port: number;
  readonly tokens: readonly string[];
  /** Bets of match 0 with an offer (subscribed to), then bets of the other matches (accepted). */
  readonly subscribe: readonly Offered[];
  readonly accept: readonly Offered[];
  readonly setupSeconds: number;
  readonly quotesPerSecond: number;
  readonly requoteP99Ms: number;
}

const percentile = (values: readonly number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

// ---- the server process ------------------------------------------------------------------------------

const runServer = async (): Promise<void> => {
  const { betDecider, betStream, DEFAULT_BET_CONFIG, DEFAULT_CASH_OUT_CONFIG } =
    await import('@bashiri/domain');
  const { deterministicEventId } = await import('@bashiri/eventstore');
  const api = await import('@bashiri/api');
  const { insertTestMatch } = await import('@bashiri/api/testing/catalogue');

  const schema = process.env.BENCH_SCHEMA!;
  const pool = await createPostgresClient({
    connectionString: withApplicationName(URL_, schema),
    schema,
    max: Number(process.env.BENCH_POOL ?? 20),
  });
  // Statements sent (statements.ts; a transaction's BEGIN and COMMIT count as two), by name or first
  // words on demand.
  const counted = countingSql(pool, { keyLength: 100 });
  const { sql } = counted;
  const countEach = process.env.BENCH_COUNT_STATEMENTS === '1';

  const list = api.modules.map((m) => (m.name === 'feed' ? api.createFeedModule({ enabled: false }) : m));
  const config = api.loadConfig({
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    DATABASE_URL: URL_,
    DATABASE_SCHEMA: schema,
    // The driver stands in for the load balancer: each player has its own address (rate limits).
    TRUST_PROXY: '127.0.0.1',
  });
  const services = await api.openServices(config, list, { sql });
  const app = await api.buildApp(config, services, list, { authenticate: api.authenticate });
  for (const module of list) if (module.start) await module.start(services);
  services.projections.start();

  await api.seedBettingConfig(services.sql);
  await api.saveCashOutConfig(
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
  // The bets, 500 streams per grouped append (one statement each), four appends at a time.
  const betIds: string[][] = matches.map(() => []);
  const owner = new Map<string, number>();
  const appends: StreamAppendRequest[][] = [];
  for (let i = 0; i < BETS; i++) {
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
    const player = i % PLAYERS;
    const userId = `bench-user-${player}`;
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
    if (i % 500 === 0) appends.push([]);
    appends.at(-1)!.push({
      streamName: betStream(betId),
      expectedVersion: 0,
      events: events.map((e, k) => ({
        type: e.type,
        data: e.data,
        eventId: deterministicEventId(`${betId}|place`, k),
      })),
    });
    betIds[m]!.push(betId);
    owner.set(betId, player);
  }
  for (let g = 0; g < appends.length; g += 4)
    await Promise.all(appends.slice(g, g + 4).map((group) => services.store.appendToStreams(group)));
  const tokens: string[] = [];
  await services.sql.transaction(async (tx) => {
    for (let p = 0; p < PLAYERS; p++)
      tokens.push(
        (
          await api.openSession(tx, 'player', `bench-user-${p}`, services.now(), {
            ip: null,
            userAgent: 'bench',
          })
        ).token,
      );
  });
  const setupSeconds = (performance.now() - setupStart) / 1_000;

  const all = betIds.flat();
  const quoteStart = performance.now();
  const quotes = await api.quoteBets(services, all);
  const quoteSeconds = (performance.now() - quoteStart) / 1_000;
  // Re-quote of one match's bets after a change of its clock (in process, no push), 20 rounds.
  const requote: number[] = [];
  for (let round = 0; round < 20; round++) {
    const m = 1 + (round % Math.max(1, MATCHES - 1));
    await services.sql.query(`UPDATE matches SET match_minute = $2 WHERE id = $1`, [
      matches[m % MATCHES]!.matchId,
      String(62 + round),
    ]);
    const started = performance.now();
    await api.quoteBets(services, betIds[m % MATCHES]!);
    requote.push(performance.now() - started);
  }
  const fresh = await api.quoteBets(services, all);
  const offered = (id: string): Offered | null => {
    const q = fresh.get(id)!.quote;
    return q.offer ? { betId: id, player: owner.get(id)!, value: q.value } : null;
  };
  const subscribe = betIds[0]!
    .map(offered)
    .filter((o): o is Offered => o !== null)
    .slice(0, SUBSCRIBERS);
  const accept = betIds
    .slice(1)
    .flat()
    .map(offered)
    .filter((o): o is Offered => o !== null)
    .slice(0, ACCEPTS);
  void quotes;

  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  process.send!({
    type: 'ready',
    port,
    tokens,
    subscribe,
    accept,
    setupSeconds,
    quotesPerSecond: Math.round(all.length / quoteSeconds),
    requoteP99Ms: percentile(requote, 99),
  } satisfies Ready);
  let minute = 70;
  const { Session } = await import('node:inspector/promises');
  let profiler: InstanceType<typeof Session> | null = null;
  process.on('message', async (message: { type: string }) => {
    if (message.type === 'measure') {
      counted.reset();
      if (process.env.BENCH_CPU_PROF === '1') {
        profiler = new Session();
        profiler.connect();
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.start');
      }
      process.send!({ type: 'measuring' });
    }
    if (message.type === 'measured') {
      let profile: string | null = null;
      if (profiler) {
        const { profile: p } = await profiler.post('Profiler.stop');
        const dir = process.env.BENCH_CPU_PROF_DIR ?? join(tmpdir(), 'bashiri-bench-profiles');
        await mkdir(dir, { recursive: true });
        profile = join(dir, `cashout-accepts-${Date.now()}.cpuprofile`);
        await writeFile(profile, JSON.stringify(p));
        profiler.disconnect();
        profiler = null;
      }
      if (countEach)
        console.error(`statements during the acceptances (BENCH_COUNT_STATEMENTS):\n${counted.report(40)}`);
      process.send!({ type: 'statements', statements: counted.total(), profile });
    }
    if (message.type === 'count') process.send!({ type: 'count', statements: counted.total() });
    if (message.type === 'tick') {
      // A feed tick on match 0: its clock moves, the catalogue's MATCH_UPDATED names it.
      minute += 1;
      const { rows } = await services.sql.query<{ id: string }>(
        `UPDATE matches SET match_minute = $2, object_version = object_version + 1 WHERE id = $1 RETURNING id::text`,
        [matches[0]!.matchId, String(minute)],
      );
      services.publish('MATCH_UPDATED', { matchId: rows[0]!.id });
      process.send!({ type: 'ticked' });
    }
    if (message.type === 'stop') {
      await app.close();
      await services.projections.settle();
      process.exit(0);
    }
  });
};

// ---- the driver --------------------------------------------------------------------------------------

/** The next message of `type` from the server. */
const messageOf = <T>(child: ChildProcess, type: string) =>
  new Promise<T>((resolve) => {
    const on = (m: { type?: string }) => {
      if (m.type !== type) return;
      child.off('message', on);
      resolve(m as T);
    };
    child.on('message', on);
  });

const OFFER = `subscription ($betId: ID!) { cashOutOffer(betId: $betId) { betId available value quotedAt } }`;
const ACCEPT = `mutation ($input: EarlySettlementInput!) { earlySettlements(input: $input) { status code net } }`;

const runDriver = async (): Promise<void> => {
  const { connectWs } = await import('@bashiri/api/testing/ws');
  const schema = `bench_cashout_${Date.now().toString(36)}`;
  const admin = await createPostgresClient({ connectionString: URL_ });
  await admin.query(`CREATE SCHEMA ${schema}`);
  const { child, ready } = await forkBenchServer<Ready>(import.meta.url, schema);
  try {
    console.log(
      `setup ${ready.setupSeconds.toFixed(1)} s; quotes ${ready.quotesPerSecond}/s; re-quote of one match (in process) p99 ${ready.requoteP99Ms.toFixed(0)} ms`,
    );

    // Re-quote + push: subscribers on match 0, one socket each, as their players.
    const clients = await Promise.all(
      ready.subscribe.map((o) =>
        connectWs(
          `ws://127.0.0.1:${ready.port}/graphql`,
          { authorization: `Bearer ${ready.tokens[o.player]}` },
          30_000,
        ),
      ),
    );
    const subs = clients.map((c, k) => c.subscribe(OFFER, { betId: ready.subscribe[k]!.betId }));
    await Promise.all(subs.map((s) => s.next(30_000)));
    const pushes: number[] = [];
    let pushErrors = 0;
    for (let tick = 0; tick < TICKS; tick++) {
      const started = performance.now();
      const ticked = new Promise((resolve) => child.once('message', resolve));
      child.send({ type: 'tick' });
      await Promise.all(
        subs.map(async (s) => {
          try {
            const event = await s.next(10_000);
            if (event.type !== 'next' || event.payload.errors) pushErrors++;
            pushes.push(performance.now() - started);
          } catch {
            pushErrors++;
          }
        }),
      );
      await ticked;
    }
    subs.forEach((s) => s.stop());
    await Promise.all(clients.map((c) => c.close()));
    console.log(
      `re-quote + push: ${subs.length} subscribers on one match, ${TICKS} ticks: p50 ${percentile(pushes, 50).toFixed(0)} ms, p99 ${percentile(pushes, 99).toFixed(0)} ms, ${pushErrors} errors (target <= 500 ms)`,
    );

    // Acceptance over HTTP.
    const base = `http://127.0.0.1:${ready.port}/graphql`;
    const latencies: number[] = [];
    let paid = 0;
    let errors = 0;
    const firstErrors: string[] = [];
    let next = 0;
    const backends = async () =>
      (
        await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [
          schema,
        ])
      ).rows.map((r) => r.pid);
    const measuring = messageOf(child, 'measuring');
    child.send({ type: 'measure' });
    await measuring;
    const pgBefore = await totalCpuSeconds(await backends());
    const cpuBefore = await totalCpuSeconds([child.pid!]);
    const acceptStart = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < ready.accept.length) {
          const o = ready.accept[next++]!;
          const body = JSON.stringify({
            query: ACCEPT,
            variables: {
              input: {
                requestId: `bench-${o.betId}`,
                betId: o.betId,
                offered: o.value,
                tolerance: 'ACCEPT_ANY',
              },
            },
          });
          const started = performance.now();
          try {
            const res = await fetch(base, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                authorization: `Bearer ${ready.tokens[o.player]}`,
                'x-forwarded-for': `10.${(o.player >> 16) & 255}.${(o.player >> 8) & 255}.${o.player & 255}`,
              },
              body,
            });
            const text = await res.text();
            latencies.push(performance.now() - started);
            if (res.status === 200 && text.includes('"status":"PAID"')) paid++;
            else {
              errors++;
              if (firstErrors.length < 3) firstErrors.push(`HTTP ${res.status} ${text.slice(0, 200)}`);
            }
          } catch (error) {
            errors++;
            if (firstErrors.length < 3) firstErrors.push(String(error));
          }
        }
      }),
    );
    const acceptSeconds = (performance.now() - acceptStart) / 1_000;
    const cpu = (await totalCpuSeconds([child.pid!])) - cpuBefore;
    const pgCpu = (await totalCpuSeconds(await backends())) - pgBefore;
    const counted = messageOf<{ statements: number; profile: string | null }>(child, 'statements');
    child.send({ type: 'measured' });
    const { statements, profile } = await counted;
    // Then until the read models the acceptances feed (orders, bills and balances, cash-out records,
    // statistics, the settlement and promotion triggers) have applied every bet and wallet event: the
    // acceptances' full cost, whether the projections kept up during them or caught up afterwards.
    // Each with the streams it reads (a `bet-` projection's checkpoint never passes a wallet event).
    const FED: Record<string, string[]> = {
      orders_read_models: ['bet-%'],
      cashout_records: ['bet-%'],
      settlement_triggers: ['bet-%'],
      wallet_read_models: ['wallet-%'],
      statistics: ['bet-%', 'wallet-%'],
      'promotion.triggers': ['bet-%', 'wallet-%'],
    };
    const giveUpAt = performance.now() + 120_000;
    for (;;) {
      const { rows } = await admin.query<{ behind: number }>(
        `SELECT count(*)::int AS behind FROM ${schema}.projection_checkpoints c
         JOIN jsonb_each($1::jsonb) AS f(name, patterns) ON f.name = c.name
         WHERE EXISTS (
           SELECT 1 FROM ${schema}.es_events e
           WHERE (e.tx_id, e.global_position) > (split_part(coalesce(c.position, '0:0'), ':', 1)::xid8,
                                                 split_part(coalesce(c.position, '0:0'), ':', 2)::bigint)
             AND e.stream_name LIKE ANY (SELECT jsonb_array_elements_text(f.patterns)))`,
        [JSON.stringify(FED)],
      );
      if (rows[0]!.behind === 0) break;
      if (performance.now() > giveUpAt)
        throw new Error('read models not caught up 120 s after the acceptances');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const caughtUpMs = performance.now() - acceptStart - acceptSeconds * 1_000;
    const cpuAll = (await totalCpuSeconds([child.pid!])) - cpuBefore;
    const pgCpuAll = (await totalCpuSeconds(await backends())) - pgBefore;
    const countedAll = messageOf<{ statements: number }>(child, 'count');
    child.send({ type: 'count' });
    const statementsAll = (await countedAll).statements;
    const perAccept = (x: number) => Number((x / Math.max(1, ready.accept.length)).toFixed(2));
    console.log(
      `accepts over HTTP: ${paid} paid of ${ready.accept.length} in ${acceptSeconds.toFixed(2)} s = ${Math.round(paid / acceptSeconds)}/s, ` +
        `p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, ${CONCURRENCY} at a time, ${errors} errors; ` +
        `server CPU ${perAccept(cpu * 1000)} ms + PostgreSQL ${perAccept(pgCpu * 1000)} ms, ${perAccept(statements)} statements per acceptance (target >= 500/s, p99 <= 150 ms)` +
        (firstErrors.length ? ` — first errors: ${firstErrors.join(' | ')}` : ''),
    );
    console.log(
      `with the read models caught up (${caughtUpMs.toFixed(0)} ms after the last acceptance): server CPU ` +
        `${perAccept(cpuAll * 1000)} ms + PostgreSQL ${perAccept(pgCpuAll * 1000)} ms, ${perAccept(statementsAll)} statements per acceptance`,
    );
    console.log(
      JSON.stringify({
        bets: BETS,
        matches: MATCHES,
        setup_seconds: Number(ready.setupSeconds.toFixed(2)),
        quotes_per_s: ready.quotesPerSecond,
        requote_one_match_p99_ms: Number(ready.requoteP99Ms.toFixed(1)),
        subscribers: subs.length,
        requote_push_p99_ms: Number(percentile(pushes, 99).toFixed(1)),
        push_errors: pushErrors,
        http_accepts: paid,
        http_accepts_per_s: Math.round(paid / acceptSeconds),
        http_accept_p99_ms: Number(percentile(latencies, 99).toFixed(1)),
        http_errors: errors,
        server_cpu_ms_per_accept: perAccept(cpu * 1000),
        pg_cpu_ms_per_accept: perAccept(pgCpu * 1000),
        statements_per_accept: perAccept(statements),
        read_models_caught_up_ms: Math.round(caughtUpMs),
        server_cpu_ms_per_accept_with_read_models: perAccept(cpuAll * 1000),
        pg_cpu_ms_per_accept_with_read_models: perAccept(pgCpuAll * 1000),
        statements_per_accept_with_read_models: perAccept(statementsAll),
      }),
    );
    if (profile) console.error(`CPU profile of the acceptances: ${profile}`);
  } finally {
    child.send({ type: 'stop' });
    await new Promise((resolve) => child.once('exit', resolve));
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.close();
  }
};

if (process.argv[2] === 'server') await runServer();
else await runDriver();
