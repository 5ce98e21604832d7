/**
 * `npm run bench:racing` (issue 19 "Speed"): racing orders placed over HTTP and in-process through the
 * money path, then one round of BENCH_RACING_BETS (default 50,000) orders drawn and settled by the
 * process manager, each paid exactly once.
 *
 * Two processes, so that the load generator never steals the server's event loop:
 * - the SERVER (this file with argument `server`, forked): openServices + buildApp with every module
 *   (the live feed switched off; the racing scheduler loop off: this file runs the scheduler itself on a
 *   clock of its own, 12:00:01 EAT on a fixed day, round 20261125-241 open), every module started as
 *   `npm start` starts them, on PostgreSQL (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
 *   in a fresh schema. It funds BENCH_PLAYERS (2,000) players with racing coin (staff adjustments on the
 *   money path) and gives each a bearer session (identity's `openSession`), then listens;
 * - the DRIVER (this process): autocannon posts `placeRacingBet` mutations (each a fresh requestId, the
 *   six bet types, players in turn, each player behind its own `x-forwarded-for` address) from
 *   BENCH_HTTP_CONNECTIONS (32) connections for BENCH_HTTP_SECONDS (15): `http_racing_bets_per_s`,
 *   `http_place_p50_ms`/`http_place_p99_ms`, `http_errors` (non-200 answers and GraphQL errors). Then the
 *   server places the rest of the round in-process (`placeRacingBet`, BENCH_CONCURRENCY (64) in flight:
 *   `racing_bets_placed_per_s`, `place_p50_ms`/`place_p99_ms`), moves its clock to the draw and settles:
 *   scheduler (close, draw, and its settle step, which drains the settlement queue), an extra
 *   `drainRacingSettlement` pass, until the read model shows every order of the round settled:
 *   `settle_seconds` (`settle_drain_seconds`: only the time in the extra passes — the scheduler's own
 *   drain is inside its step; `settle_server_cpu_seconds` and per bet: the server's CPU meanwhile; `settle_pg_cpu_ms_per_bet`: its PostgreSQL backends', pg-cpu.ts).
 *
 * Checked: every order settled once (`settled_exactly_once`: the read model, and in the event store one
 * `RacingBetSettled` on the order's stream or one listing in its round's walk, decision 0184), racing coin conserved (`coin_conserved`: start − stakes + payouts, from the wallet
 * streams). Last stdout line: one JSON object of the figures.
 *
 * Profiling knobs (stderr; the cluster must load `pg_stat_statements`): BENCH_SETTLE_STATEMENTS=1 (the
 * settle window's statements and the HOT share of the racing updates), BENCH_COUNT_STATEMENTS=1
 * (statements per order placed over HTTP, by kind), BENCH_SETTLE_PROF=1 (a V8 CPU profile of the server
 * while it settles, in BENCH_CPU_PROF_DIR or the temporary directory).
 *
 * Placement only: BENCH_RACING_PLACE_ONLY=1 stops after the HTTP window (no in-process fill, no settle)
 * and reports the window's CPU per order: the server's (`http_server_cpu_ms_per_bet`), its PostgreSQL
 * backends' (`http_pg_cpu_ms_per_bet`, pg-cpu.ts) and, when the cluster loads `pg_stat_statements`,
 * statements and their execution time per order (`http_statements_per_bet`, `http_pg_exec_ms_per_bet`).
 * BENCH_HTTP_RATE: orders per second offered over HTTP (fixed rate, for comparing CPU per order at the same
 * batching). BENCH_KEEP_SCHEMA=1 keeps the run's schema. BENCH_HTTP_PROF=1: a V8 CPU profile of the server during the HTTP window only (BENCH_CPU_PROF_DIR or
 * the temporary directory).
 */
import type { ChildProcess } from 'node:child_process';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { RacingBetType } from '@bashiri/domain';
import type { RacingSelection } from '@bashiri/domain';
import { createPostgresClient } from '@bashiri/eventstore';
import { pgBackendCpu, processCpuSeconds, withApplicationName } from './pg-cpu.ts';
import { profileWhile } from './profile.ts';
import { forkBenchServer } from './server-process.ts';

const URL_ = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const BETS = Number(process.env.BENCH_RACING_BETS ?? 50_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 2_000);
const HTTP_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 15);
const HTTP_CONNECTIONS = Number(process.env.BENCH_HTTP_CONNECTIONS ?? 32);
/** `1`: print the settle window's statements from pg_stat_statements (the extension must be loaded). */
const SETTLE_STATEMENTS = process.env.BENCH_SETTLE_STATEMENTS === '1';
/** `1`: print the statements per order placed over HTTP, by kind (pg_stat_statements). */
const COUNT_STATEMENTS = process.env.BENCH_COUNT_STATEMENTS === '1';
/** `1`: only the HTTP placement window (no in-process fill, no settlement). */
const PLACE_ONLY = process.env.BENCH_RACING_PLACE_ONLY === '1';
/** `1`: a V8 CPU profile of the server during the HTTP window. */
const HTTP_PROF = process.env.BENCH_HTTP_PROF === '1';
/** Orders per second offered over HTTP (autocannon's `overallRate`); unset: as fast as the 32 connections go. */
const HTTP_RATE = process.env.BENCH_HTTP_RATE ? Number(process.env.BENCH_HTTP_RATE) : undefined;
/**
 * The round's server seed (64 hex characters), to settle the same draw in every run: the bench's picks
 * are fixed, so the draw alone decides how many of the 50,000 orders pay (0 to 23,333; each paying
 * order is a wallet credit, a losing one is not — decision 0184). Unset: a fresh seed from
 * `crypto.randomBytes`, as in production. `BENCH_RACING_SEED=most` names the seed with the most paying
 * orders found (23,333: champion 1, so odd, small, champion-on-1 and many Luck Racing tickets pay).
 */
const MOST_WINNERS_SEED = 'e0d1fc89ae2c0d382ede053d1f63e43d52b95758260de1708b592d3fd091709a';
const SEED =
  process.env.BENCH_RACING_SEED === 'most' ? MOST_WINNERS_SEED : process.env.BENCH_RACING_SEED || null;
const COIN = 1_000_000;
const ROUND = '20261125-241';
/** 12:00:01 EAT on a fixed day: round 20261125-241 is open. */
const OPEN_AT = Date.parse('2026-11-25T09:00:01Z');
const DRAW_AT = Date.parse('2026-11-25T09:03:00Z');

/** The k-th order's picks and single amount (TZS): the six bet types in turn. */
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

/** The GraphQL bet type of a domain selection. */
const GQL_TYPE = [
  '',
  'CHAMPION',
  'CHAMPION_AND_RUNNER_UP',
  'TOP_THREE',
  'ODD_EVEN',
  'BIG_SMALL',
  'LUCK_RACING',
];

const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** CPU seconds (user + system) this process has used so far. */
const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** What the server tells the driver once it listens. */
interface Ready {
  readonly type: 'ready';
  readonly port: number;
  readonly tokens: readonly string[];
  readonly setupSeconds: number;
}

// ---- the server process ------------------------------------------------------------------------------

const runServer = async (): Promise<void> => {
  process.env['RACING_SCHEDULER'] = '0';
  const api = await import('@bashiri/api');
  const schema = process.env.BENCH_SCHEMA!;
  const sql = await createPostgresClient({
    connectionString: withApplicationName(URL_, schema),
    schema,
    max: 20,
  });
  let now = OPEN_AT;
  const list = api.modules.map((m) => (m.name === 'feed' ? api.createFeedModule({ enabled: false }) : m));
  const config = api.loadConfig({
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    DATABASE_URL: URL_,
    DATABASE_SCHEMA: schema,
    TRUST_PROXY: '127.0.0.1',
  });
  const services = await api.openServices(config, list, { sql, now: () => now });
  const app = await api.buildApp(config, services, list, { authenticate: api.authenticate });
  const stops: (() => Promise<void>)[] = [];
  for (const module of list) if (module.start) stops.push(await module.start(services));
  services.projections.start();
  await services.projections.settle();

  const setupStart = performance.now();
  const userIds = Array.from({ length: PLAYERS }, (_, i) => `bench-racer-${i}`);
  const inBatches = async (count: number, work: (k: number) => Promise<void>) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let k = next++; k < count; k = next++) await work(k);
      }),
    );
  };
  await inBatches(PLAYERS, async (i) => {
    const userId = userIds[i]!;
    const funded = await api.walletOf(services).run({
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
    if (!funded.ok) throw new Error(`funding failed: ${funded.error.code}`);
  });
  const tokens: string[] = [];
  await sql.transaction(async (tx) => {
    for (const userId of userIds)
      tokens.push((await api.openSession(tx, 'player', userId, now, { ip: null, userAgent: 'bench' })).token);
  });
  // The scheduler keeps a stored seed (it draws one only when none is stored): the draw is fixed.
  if (SEED) await sql.query('INSERT INTO racing_seeds (round_id, seed) VALUES ($1, $2)', [ROUND, SEED]);
  await api.runRacingScheduler(services);
  await services.projections.settle();
  const setupSeconds = (performance.now() - setupStart) / 1000;
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  process.send!({ type: 'ready', port, tokens, setupSeconds } satisfies Ready);

  /** Places the orders `from`..`to`−1 in-process, BENCH_CONCURRENCY at a time. */
  const fill = async (from: number, to: number) => {
    const latencies: number[] = [];
    let refused = 0;
    const started = performance.now();
    await inBatches(to - from, async (i) => {
      const k = from + i;
      const { selection, single } = selectionOf(k);
      const t0 = performance.now();
      const answer = await api.placeRacingBet(services, userIds[k % PLAYERS]!, {
        requestId: `bench-${k}`,
        roundId: ROUND,
        selection,
        singleAmount: single,
        device: { utcOffsetMinutes: 180, nowMs: now },
      });
      latencies.push(performance.now() - t0);
      if (!answer.ok) refused++;
    });
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      placed: to - from - refused,
      refused,
      perSecond: Math.round((to - from - refused) / seconds),
      p50: Number(percentile(latencies, 50).toFixed(1)),
      p99: Number(percentile(latencies, 99).toFixed(1)),
    };
  };

  /** Orders of the round in the read model, and how many are settled. */
  const orderCounts = async () =>
    (
      await sql.query<{ orders: number; settled: number }>(
        'SELECT count(*)::int AS orders, count(*) FILTER (WHERE status = 4)::int AS settled FROM racing_orders',
      )
    ).rows[0]!;

  /** Waits (at most `seconds`) until `done()`; the projections run in the background. */
  const until = async (done: () => Promise<boolean>, seconds: number) => {
    for (const end = performance.now() + seconds * 1000; performance.now() < end;) {
      if (await done()) return true;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return false;
  };

  /** Racing orders placed so far (the event store: one `RacingBetPlaced` each). */
  const placedOrders = async () =>
    (
      await sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM es_events WHERE event_type = 'RacingBetPlaced'`,
      )
    ).rows[0]!.n;

  const settle = async (expected: number) => {
    // Every order in the read model before the clock moves (the projections run in the background).
    await until(async () => (await orderCounts()).orders >= expected, 900);
    // Every other read model too (wallets, bills, statistics, promotions): the settle window measures
    // the round's settlement, not the placement's backlog (placed over 3 minutes, they keep up).
    await services.projections.settle();
    now = DRAW_AT;
    if (SETTLE_STATEMENTS) await sql.query('SELECT public.pg_stat_statements_reset()');
    const pgCpu = await pgBackendCpu(sql, schema);
    const cpu0 = cpuNow();
    const started = performance.now();
    let drainSeconds = 0;
    // The scheduler closes, draws and settles (its settle step drains the queue); the pass repeats, as
    // the worker loop does every second, until the read model shows every order of the round settled.
    await until(async () => {
      await api.runRacingScheduler(services);
      const d0 = performance.now();
      await api.drainRacingSettlement(services);
      drainSeconds += (performance.now() - d0) / 1000;
      return (await orderCounts()).settled >= expected;
    }, 1_200);
    await api.runRacingScheduler(services);
    await services.projections.settle();
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuNow() - cpu0;
    const pgSeconds = await pgCpu();
    if (SETTLE_STATEMENTS) {
      // The settle window's statements, most time first (per bet: calls and rows).
      const { rows: top } = await sql.query<{ ms: number; calls: number; rows: number; query: string }>(
        `SELECT round(total_exec_time::numeric, 1)::float AS ms, calls::int, rows::int,
                regexp_replace(left(query, 160), '\\s+', ' ', 'g') AS query
         FROM public.pg_stat_statements WHERE query NOT ILIKE '%pg_stat_statements%' ORDER BY total_exec_time DESC LIMIT 25`,
      );
      // Row updates done in place (HOT, decision 0165) on the tables the settlement updates.
      const { rows: hot } = await sql.query<{ relname: string; upd: number; hot: number }>(
        `SELECT relname, n_tup_upd::int AS upd, n_tup_hot_upd::int AS hot FROM pg_stat_user_tables
         WHERE schemaname = $1 AND relname IN ('racing_orders', 'racing_settle_queue')`,
        [schema],
      );
      for (const r of hot) console.error(`${r.relname}: ${r.upd} updates, ${r.hot} in place (HOT)`);
      for (const r of top)
        console.error(
          `${r.ms.toFixed(0).padStart(7)} ms ${String(r.calls).padStart(7)} calls ${String(r.rows).padStart(7)} rows  ${r.query}`,
        );
    }
    const { rows } = await sql.query<{ settled: number; pending: number; staked: string; paid: string }>(
      `SELECT count(*) FILTER (WHERE status = 4)::int AS settled, count(*) FILTER (WHERE status = 2)::int AS pending,
              coalesce(sum(amount), 0)::text AS staked, coalesce(sum(payout), 0)::text AS paid FROM racing_orders`,
    );
    const totals = rows[0]!;
    // Each order settled once in the event store (not the read model): its own RacingBetSettled, or
    // its id in the lost list (decision 0184) or the won list (decision 0194) of one
    // RacingSettlementAdvanced of its round's walk — one of these, once; none twice.
    const events = await sql.query<{ orders: number; settled: number; twice: number; lost: number }>(
      `WITH records AS (
         SELECT substr(stream_name, 11) AS bet_id, false AS lost FROM es_events
         WHERE stream_name LIKE 'racingbet-%' AND event_type = 'RacingBetSettled'
         UNION ALL
         SELECT l.bet_id, true FROM es_events e CROSS JOIN LATERAL jsonb_array_elements_text(e.data->'lost') AS l(bet_id)
         WHERE e.stream_name LIKE 'racingsettle-%' AND e.event_type = 'RacingSettlementAdvanced'
         UNION ALL
         SELECT w->>'betId', false FROM es_events e
           CROSS JOIN LATERAL jsonb_array_elements(coalesce(e.data->'won', '[]'::jsonb)) AS w
         WHERE e.stream_name LIKE 'racingsettle-%' AND e.event_type = 'RacingSettlementAdvanced'
       ), per AS (
         SELECT p.stream_name, count(r.bet_id) AS n, count(*) FILTER (WHERE r.lost) AS lost
         FROM es_events p LEFT JOIN records r ON r.bet_id = substr(p.stream_name, 11)
         WHERE p.stream_name LIKE 'racingbet-%' AND p.event_type = 'RacingBetPlaced' GROUP BY p.stream_name
       )
       SELECT count(*)::int AS orders, count(*) FILTER (WHERE n = 1)::int AS settled,
              count(*) FILTER (WHERE n > 1)::int AS twice, coalesce(sum(lost), 0)::int AS lost FROM per`,
    );
    const { rows: paying } = await sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM racing_orders WHERE payout > 0',
    );
    let coin = 0;
    for (const userId of userIds) coin += (await api.walletOf(services).current(userId)).racingCoin;
    const e = events.rows[0]!;
    return {
      seconds,
      drainSeconds,
      cpu,
      pgSeconds,
      settled: totals.settled,
      winners: paying[0]!.n,
      lostInChunks: e.lost,
      settledOnce:
        totals.settled === expected &&
        totals.pending === 0 &&
        e.settled === e.orders &&
        e.twice === 0 &&
        e.orders === totals.settled,
      conserved: coin === PLAYERS * COIN - Number(totals.staked) + Number(totals.paid),
    };
  };

  let httpProfile: { stop: () => void; done: Promise<void> } | null = null;
  process.on('message', (m: { type: string }) => {
    void (async () => {
      if (m.type === 'profile-start') {
        // BENCH_HTTP_PROF=1: profiles the HTTP window only (profile.ts; stopped by 'profile-stop').
        const file = join(process.env.BENCH_CPU_PROF_DIR ?? tmpdir(), `racing-http-${Date.now()}.cpuprofile`);
        let stop!: () => void;
        const stopped = new Promise<void>((resolve) => (stop = resolve));
        let started!: () => void;
        const running = new Promise<void>((resolve) => (started = resolve));
        const done = profileWhile(file, async () => {
          started();
          await stopped;
        });
        await running;
        httpProfile = { stop, done };
        process.send!({ type: 'profiling', file });
      } else if (m.type === 'profile-stop') {
        httpProfile?.stop();
        await httpProfile?.done;
        process.send!({ type: 'profiled' });
      } else if (m.type === 'fill') {
        // The orders placed over HTTP, answers the load generator stopped waiting for included.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const placedHttp = await placedOrders();
        process.send!({ type: 'filled', placedHttp, ...(await fill(placedHttp, BETS)) });
      } else if (m.type === 'settle') {
        const expected = await placedOrders();
        // BENCH_SETTLE_PROF=1: a V8 CPU profile of the server while it settles only (profile.ts).
        const file =
          process.env.BENCH_SETTLE_PROF === '1'
            ? join(process.env.BENCH_CPU_PROF_DIR ?? tmpdir(), `racing-settle-${Date.now()}.cpuprofile`)
            : undefined;
        process.send!({ type: 'settled', ...(await profileWhile(file, () => settle(expected))) });
      } else if (m.type === 'stop') {
        await app.close();
        for (const stop of stops.reverse()) await stop();
        await api.closeServices(services, { keepSql: true });
        await sql.close();
        process.exit(0);
      }
    })().catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  });
};

// ---- the driver ----------------------------------------------------------------------------------------

/** Whether the cluster has `pg_stat_statements` loaded (its view answers). */
const hasStatements = async (admin: Awaited<ReturnType<typeof createPostgresClient>>): Promise<boolean> => {
  try {
    await admin.query('SELECT 1 FROM public.pg_stat_statements LIMIT 1');
    return true;
  } catch {
    return false;
  }
};

const PLACE = `mutation ($input: PlaceRacingBetInput!) { placeRacingBet(input: $input) { id status } }`;

const ask = <T>(child: ChildProcess, message: object, answer: string): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const onMessage = (m: { type: string }) => {
      if (m.type !== answer) return;
      child.off('message', onMessage);
      resolve(m as T);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
    child.send(message);
  });

const runDriver = async (): Promise<void> => {
  const schema = `bench_racing_${Date.now().toString(36)}`;
  const admin = await createPostgresClient({ connectionString: URL_ });
  await admin.query(`CREATE SCHEMA ${schema}`);
  const { child, ready } = await forkBenchServer<Ready>(import.meta.url, schema);
  try {
    const load = loadavg().map((n) => Number(n.toFixed(2)));
    const device = { utcOffsetMinutes: 180, now: new Date(OPEN_AT).toISOString() };
    const bodyFor = (k: number) => {
      const { selection, single } = selectionOf(k);
      const input = {
        requestId: `http-${k}`,
        roundId: ROUND,
        betType: GQL_TYPE[selection.betType],
        ...('positions' in selection ? { positions: selection.positions } : { options: selection.options }),
        singleAmount: single,
        device,
      };
      return JSON.stringify({ query: PLACE, variables: { input } });
    };
    let sent = 0;
    let placed = 0;
    let errors = 0;
    const firstErrors: string[] = [];
    const statements = COUNT_STATEMENTS || PLACE_ONLY ? await hasStatements(admin) : false;
    const profile = HTTP_PROF
      ? await ask<{ file: string }>(child, { type: 'profile-start' }, 'profiling')
      : null;
    if (statements) await admin.query('SELECT public.pg_stat_statements_reset()');
    const pgCpu = await pgBackendCpu(admin, schema);
    const serverCpu0 = (await processCpuSeconds(child.pid!)) ?? 0;
    const result = await autocannon({
      url: `http://127.0.0.1:${ready.port}`,
      connections: HTTP_CONNECTIONS,
      duration: HTTP_SECONDS,
      timeout: 10,
      ...(HTTP_RATE ? { overallRate: HTTP_RATE } : {}),
      headers: { 'content-type': 'application/json' },
      requests: [
        {
          method: 'POST',
          path: '/graphql',
          setupRequest: (request) => {
            const k = sent++;
            const p = k % PLAYERS;
            return {
              ...request,
              headers: {
                ...request.headers,
                authorization: `Bearer ${ready.tokens[p]}`,
                'x-forwarded-for': `10.${(p >> 16) & 255}.${(p >> 8) & 255}.${p & 255}`,
              },
              body: bodyFor(k),
            };
          },
          onResponse: (status, body) => {
            if (status === 200 && !body.includes('"errors"') && body.includes('"placeRacingBet"')) placed++;
            else {
              errors++;
              if (firstErrors.length < 3) firstErrors.push(`HTTP ${status} ${body.slice(0, 200)}`);
            }
          },
        },
      ],
    });
    const httpSeconds = result.duration;
    const httpServerCpu = ((await processCpuSeconds(child.pid!)) ?? 0) - serverCpu0;
    const httpPgCpu = await pgCpu();
    let statementsPerBet: number | null = null;
    let execMsPerBet: number | null = null;
    if (statements) {
      const { rows } = await admin.query<{ calls: number; ms: number }>(
        `SELECT coalesce(sum(calls), 0)::int AS calls, coalesce(sum(total_exec_time), 0)::float AS ms
         FROM public.pg_stat_statements WHERE query NOT ILIKE '%pg_stat%'`,
      );
      statementsPerBet = Number((rows[0]!.calls / Math.max(1, placed)).toFixed(2));
      execMsPerBet = Number((rows[0]!.ms / Math.max(1, placed)).toFixed(3));
    }
    if (profile) {
      await ask(child, { type: 'profile-stop' }, 'profiled');
      console.error(`HTTP window profile: ${profile.file}`);
    }
    if (statements && COUNT_STATEMENTS) {
      // Statements per order placed over HTTP (the server's and its background projections'), by kind.
      const { rows: kinds } = await admin.query<{ calls: number; ms: number; query: string }>(
        `SELECT calls::int, total_exec_time::float AS ms, regexp_replace(left(query, 110), '\\s+', ' ', 'g') AS query
         FROM public.pg_stat_statements WHERE query NOT ILIKE '%pg_stat%' ORDER BY calls DESC`,
      );
      const total = kinds.reduce((n, k) => n + k.calls, 0);
      console.error(`HTTP statements per placed order: ${(total / Math.max(1, placed)).toFixed(2)}`);
      for (const k of kinds.slice(0, 25))
        console.error(
          `${(k.calls / Math.max(1, placed)).toFixed(3).padStart(8)} ${((k.ms * 1000) / Math.max(1, placed)).toFixed(1).padStart(7)} µs  ${k.query}`,
        );
    }
    /** The HTTP window's figures, in both reports. */
    const httpFigures = {
      http_connections: HTTP_CONNECTIONS,
      http_racing_bets: placed,
      http_racing_bets_per_s: Math.round(placed / httpSeconds),
      http_place_p50_ms: result.latency.p50,
      http_place_p99_ms: result.latency.p99,
      http_errors: errors,
      http_server_cpu_ms_per_bet: placed > 0 ? Number(((httpServerCpu * 1000) / placed).toFixed(3)) : null,
    };
    if (PLACE_ONLY) {
      await ask(child, { type: 'stop' }, 'never').catch(() => undefined);
      if (firstErrors.length > 0) console.log(`first HTTP errors: ${firstErrors.join(' | ')}`);
      console.log(
        JSON.stringify({
          cpus: cpus().length,
          load_average: load,
          load_average_end: loadavg().map((n) => Number(n.toFixed(2))),
          ...httpFigures,
          http_pg_cpu_ms_per_bet:
            httpPgCpu === null || placed === 0 ? null : Number(((httpPgCpu * 1000) / placed).toFixed(3)),
          http_statements_per_bet: statementsPerBet,
          http_pg_exec_ms_per_bet: execMsPerBet,
        }),
      );
      return;
    }
    const filled = await ask<{
      placedHttp: number;
      placed: number;
      refused: number;
      perSecond: number;
      p50: number;
      p99: number;
    }>(child, { type: 'fill' }, 'filled');
    const settled = await ask<{
      seconds: number;
      drainSeconds: number;
      cpu: number;
      pgSeconds: number | null;
      settled: number;
      winners: number;
      lostInChunks: number;
      settledOnce: boolean;
      conserved: boolean;
    }>(child, { type: 'settle' }, 'settled');
    await ask(child, { type: 'stop' }, 'never').catch(() => undefined);
    if (firstErrors.length > 0) console.log(`first HTTP errors: ${firstErrors.join(' | ')}`);
    console.log(
      `HTTP: ${placed} racing orders in ${httpSeconds.toFixed(1)} s (${errors} errors); in-process: ${filled.placed}; ` +
        `settled ${settled.settled} in ${settled.seconds.toFixed(2)} s; coin conserved: ${settled.conserved}`,
    );
    console.log(
      JSON.stringify({
        bets: filled.placedHttp + filled.placed,
        refused: filled.refused,
        players: PLAYERS,
        cpus: cpus().length,
        load_average: load,
        setup_seconds: Number(ready.setupSeconds.toFixed(2)),
        ...httpFigures,
        concurrency: CONCURRENCY,
        racing_bets_placed_per_s: filled.perSecond,
        place_p50_ms: filled.p50,
        place_p99_ms: filled.p99,
        settle_seconds: Number(settled.seconds.toFixed(2)),
        settle_drain_seconds: Number(settled.drainSeconds.toFixed(2)),
        settle_server_cpu_seconds: Number(settled.cpu.toFixed(2)),
        settle_server_cpu_ms_per_bet: Number(
          ((settled.cpu * 1000) / Math.max(1, settled.settled)).toFixed(3),
        ),
        // The server's PostgreSQL backends meanwhile (pg-cpu.ts; null when the server is not local).
        settle_pg_cpu_ms_per_bet:
          settled.pgSeconds === null
            ? null
            : Number(((settled.pgSeconds * 1000) / Math.max(1, settled.settled)).toFixed(3)),
        racing_bets_settled_per_s: Math.round(settled.settled / settled.seconds),
        // Orders that paid anything (each a wallet credit): the draw decides how many (the bench's picks
        // are fixed, so odd/even and big/small win or lose as blocks of a sixth of the round each).
        settle_winners: settled.winners,
        settle_seed_fixed: SEED !== null,
        settle_lost_in_chunks: settled.lostInChunks,
        settled_exactly_once: settled.settledOnce,
        coin_conserved: settled.conserved,
      }),
    );
  } finally {
    if (child.exitCode === null) child.kill();
    // BENCH_KEEP_SCHEMA=1: the run's schema is kept (to study its tables and plans afterwards).
    if (process.env.BENCH_KEEP_SCHEMA === '1') console.error(`schema kept: ${schema}`);
    else await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.close();
  }
};

if (process.argv[2] === 'server') await runServer();
else await runDriver();
