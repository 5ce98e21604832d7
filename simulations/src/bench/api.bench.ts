/**
 * `npm run bench:api` (issue 5 "Bad input and load"): `placeBet` over HTTP against the real server.
 *
 * Two processes, so that the load generator never steals the server's event loop:
 * - the SERVER (this file with argument `server`, forked): openServices + buildApp with every module of
 *   api/src/modules/index.ts (the live feed switched off), every module started as `npm start` does,
 *   listening on 127.0.0.1 on a free port, on PostgreSQL (DATABASE_URL, else
 *   postgres://postgres@127.0.0.1:5432/postgres) in a fresh schema. It seeds a few open matches, many
 *   players with money (the wallet service's own commands), and bearer sessions: a few players
 *   registered through the real SMS-code + register mutations, the rest given sessions by identity's
 *   own `openSession`;
 * - the DRIVER (this process): autocannon posts `placeBet` mutations, each with a unique requestId,
 *   spread over the players (each player behind its own `x-forwarded-for` address, as behind a load
 *   balancer, so the per-address rate limit applies per player), for BENCH_SECONDS (default 60); and a
 *   poller samples the orders projection lag meanwhile.
 *
 * Projection lag method: every BENCH_POLL_MS (50) the poller reads new `BetPlaced` events from
 * `es_events` (category `bet`, from the previous poll's snapshot xmin on; with their `recorded_at`, the
 * writing transaction's start on the database clock) and looks up the pending bets in `orders`; the first poll that sees a bet's row gives lag = `clock_timestamp()` of
 * that poll − `recorded_at`. It is an upper bound: it includes the placing transaction's own duration
 * and up to one poll interval.
 *
 * Environment: BENCH_SECONDS (60), BENCH_CONNECTIONS (32), BENCH_PLAYERS (2000), BENCH_POOL (database
 * connections of the server, 20), BENCH_LOG_LEVEL (server log level, `warn`), BENCH_CPU_PROF=1 (writes
 * a V8 CPU profile of the server to BENCH_CPU_PROF_DIR, default <tmp>/bashiri-bench-profiles). Last stdout line: one JSON object of the figures.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createPostgresClient } from '@bashiri/eventstore';
import type { SqlClient } from '@bashiri/eventstore';
import { countingSql } from './statements.ts';
import { cpuSecondsByPid, processCpuSeconds, withApplicationName } from './pg-cpu.ts';

const URL_ = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 2_000);
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 50);
/** Stake of every bet, TZS. */
const STAKE = 1_000;
/** Every tenth player can pay for this many bets only: their later bets are REJECTED for funds. */
const POOR_BETS = 3;

/** What the server tells the driver once it listens. */
interface Ready {
  readonly type: 'ready';
  readonly port: number;
  readonly players: readonly { readonly userId: string; readonly token: string }[];
  /** Bettable selections with their odds, grouped by match (a multiple takes one per match). */
  readonly matches: readonly (readonly { readonly selectionId: string; readonly odds: string }[])[];
  readonly registered: number;
  /** `register` answers that were errors (the player then logged in). */
  readonly registerFailures: readonly string[];
  readonly seedSeconds: number;
}

// ---- the server process ------------------------------------------------------------------------------

const runServer = async (): Promise<void> => {
  const {
    authenticate,
    buildApp,
    closeServices,
    createFeedModule,
    createIdentityModule,
    loadConfig,
    modules: registry,
    openServices,
    openSession,
    walletOf,
  } = await import('@bashiri/api');
  const { insertTestMatch } = await import('@bashiri/api/testing/catalogue');
  const { smsOutbox } = await import('@bashiri/api/testing/identity');

  const schema = process.env.BENCH_SCHEMA!;
  const pool = await createPostgresClient({
    // Named, so that the driver finds this server's PostgreSQL backends to read their CPU time.
    connectionString: withApplicationName(URL_, schema),
    schema,
    max: Number(process.env.BENCH_POOL ?? 20),
  });
  // Counts round trips to PostgreSQL (statements.ts; a transaction's BEGIN and COMMIT count as two).
  // BENCH_COUNT_STATEMENTS=1: also prints the most frequent at the end (which projection or request step
  // sends them).
  const counted = countingSql(pool);
  const { sql } = counted;
  const countEach = process.env.BENCH_COUNT_STATEMENTS === '1';

  // Every module, the live feed switched off (it would price and settle matches meanwhile).
  // The SMS codes the gateway sends are kept in memory (the database has only their hashes).
  const outbox = smsOutbox();
  const modules = registry.map((m) =>
    m.name === 'feed'
      ? createFeedModule({ enabled: false })
      : m.name === 'identity'
        ? createIdentityModule({ sms: outbox.gateway })
        : m,
  );
  const config = loadConfig({
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    DATABASE_URL: URL_,
    DATABASE_SCHEMA: schema,
    // The load generator stands in for the load balancer on loopback: its X-Forwarded-For is believed,
    // so each player has its own address (rate limits, IP blacklist) as in production.
    TRUST_PROXY: '127.0.0.1',
  });
  const services = await openServices(config, modules, { sql });
  const app = await buildApp(config, services, modules, { authenticate });
  const stops: (() => Promise<void>)[] = [];
  for (const module of modules) if (module.start) stops.push(await module.start(services));
  services.projections.start();

  const seedStart = performance.now();
  const now = services.now();
  const teams = [
    'Simba SC',
    'Young Africans',
    'Azam FC',
    'Coastal Union',
    'KMC',
    'Namungo',
    'Singida',
    'Pamba Jiji',
  ];
  const matches = [];
  for (let i = 0; i < teams.length; i += 2) {
    const m = await insertTestMatch(services.sql, {
      home: teams[i]!,
      away: teams[i + 1]!,
      startTime: new Date(now + 6 * 3_600_000),
    });
    matches.push(
      (['home', 'draw', 'away'] as const).map((pick, k) => ({
        selectionId: m.outcomes[pick],
        odds: ['2.00', '3.40', '3.60'][k]!,
      })),
    );
  }

  // A few players through the real flow: SMS code, register (argon2id), the session it returns.
  const players: { userId: string; token: string }[] = [];
  const gql = async (query: string, variables: Record<string, unknown>, ip: string) =>
    (
      await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'x-forwarded-for': ip },
        payload: { query, variables },
      })
    ).json() as { data?: Record<string, Record<string, unknown>>; errors?: unknown[] };
  const registered = Math.min(3, PLAYERS);
  const registerFailures: string[] = [];
  for (let i = 0; i < registered; i++) {
    const phone = `+2557${String(10_000_000 + i).slice(-8)}`;
    const ip = `192.168.77.${i + 1}`;
    await gql(
      'mutation ($phone: String!) { requestSmsCode(phone: $phone, purpose: REGISTER) }',
      { phone },
      ip,
    );
    const code = outbox.latest(phone, 'register');
    const answer = await gql(
      `mutation ($input: RegisterInput!) { register(input: $input) { token player { id } } }`,
      {
        input: {
          phone,
          password: 'bench-password-1',
          confirmPassword: 'bench-password-1',
          code: code ?? '',
          adult: true,
          acceptTerms: true,
        },
      },
      ip,
    );
    let session = answer.data?.['register'] as { token: string; player: { id: string } } | undefined;
    if (!session) {
      // Seen on a running server: the account is created, but `register` answers INTERNAL ("missing from
      // player_accounts") when the background projection runner holds the lease. Log in instead.
      registerFailures.push(JSON.stringify(answer.errors));
      await new Promise((r) => setTimeout(r, 500));
      const login = await gql(
        'mutation ($phone: String!, $password: String!) { login(phone: $phone, password: $password) { token player { id } } }',
        { phone, password: 'bench-password-1' },
        ip,
      );
      session = login.data?.['login'] as typeof session;
      if (!session) throw new Error(`registration and login failed: ${JSON.stringify(login.errors)}`);
    }
    players.push({ userId: session.player.id, token: session.token });
  }
  // The rest: sessions opened by identity's own function (what login does after the password check).
  for (let i = registered; i < PLAYERS; i += 500) {
    const batch = Array.from({ length: Math.min(500, PLAYERS - i) }, (_, k) => `bench-${i + k}`);
    await services.sql.transaction(async (tx) => {
      for (const userId of batch) {
        const issued = await openSession(tx, 'player', userId, now, { ip: null, userAgent: 'bench' });
        players.push({ userId, token: issued.token });
      }
    });
  }
  // Money: one staff adjustment per player on the money path (the wallet service's `run`), 500 at a
  // time: concurrent movements share statements (group commit inside the event store).
  const wallet = walletOf(services);
  for (let i = 0; i < players.length; i += 500) {
    const batch = players.slice(i, i + 500);
    const results = await Promise.all(
      batch.map((p, k) =>
        wallet.run({
          type: 'AdjustPocket' as const,
          userId: p.userId,
          movementId: `staff:bench-credit-${p.userId}`,
          at: new Date(now).toISOString(),
          actor: { kind: 'staff' as const, id: '1' },
          pocket: 'balance' as const,
          amount: (i + k) % 10 === 9 ? POOR_BETS * STAKE : 100_000_000,
          reference: `bench-credit-${p.userId}`,
          reason: 'bench credit',
        }),
      ),
    );
    const failed = results.find((r) => !r.ok);
    if (failed) throw new Error(`credit failed: ${JSON.stringify(failed)}`);
  }
  await services.projections.settle();
  const seedSeconds = (performance.now() - seedStart) / 1_000;

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const ready: Ready = { type: 'ready', port, players, matches, registered, registerFailures, seedSeconds };
  process.send!(ready);

  process.on('message', (message: { type?: string }) => {
    if (message.type === 'trips') process.send!({ type: 'trips', statements: counted.total() });
    if (message.type === 'trips' && countEach)
      console.error(`statements so far (BENCH_COUNT_STATEMENTS):\n${counted.report()}`);
    if (message.type !== 'stop') return;
    void (async () => {
      await app.close();
      // Resolvers of requests the load generator abandoned at the deadline may still be running.
      await new Promise((r) => setTimeout(r, 3_000));
      for (const stop of stops.reverse()) await stop();
      await closeServices(services, { keepSql: true });
      await pool.close();
      process.exit(0);
    })();
  });
};

// ---- the driver ----------------------------------------------------------------------------------------

const PLACE = `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { status code order { id serial } } }`;

/** Percentile `p` (0–100) of sorted `values`. */
const percentile = (values: readonly number[], p: number): number | null =>
  values.length === 0 ? null : values[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

const round1 = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

/** Samples the orders projection lag while `running()`; see the file comment for the method. */
const pollLag = async (
  db: SqlClient,
  running: () => boolean,
  applicationName: string,
): Promise<{ lags: number[]; missed: number; foreignAges: number[] }> => {
  const lags: number[] = [];
  // Ages of the oldest transaction of OTHER clients of the cluster at each poll: a projection sees an
  // event only once every transaction older than its commit has ended (event-store.md, the visibility
  // rule), so on a shared server other people's long transactions show up as our lag.
  const foreignAges: number[] = [];
  const pending = new Map<string, number>(); // bet id -> recorded_at (epoch ms, database clock)
  const seen = new Set<string>();
  // Low-water mark: the oldest transaction still running at the previous poll (pg_snapshot_xmin). Every
  // older transaction had ended by then and was read then or before, so each poll reads the `bet`
  // category from that mark on through es_events_category_order — not the whole log (which cost 11 ms
  // a poll, a sixth of a core, taken from the server under test).
  let lowWater = '0';
  let lastPoll = false;
  for (;;) {
    const events = await db.query<{ stream_name: string | null; at: string; xmin: string }>(
      `SELECT e.stream_name, (extract(epoch FROM e.recorded_at) * 1000)::float8::text AS at, s.xmin
       FROM (SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin) s
       LEFT JOIN es_events e ON e.category = 'bet' AND e.tx_id >= $1::xid8 AND e.event_type = 'BetPlaced'`,
      [lowWater],
    );
    for (const e of events.rows) {
      lowWater = e.xmin;
      if (e.stream_name === null) continue;
      const betId = e.stream_name.slice('bet-'.length);
      if (seen.has(betId)) continue;
      seen.add(betId);
      pending.set(betId, Number(e.at));
    }
    if (pending.size > 0) {
      const found = await db.query<{ bet_id: string; now: string }>(
        `SELECT bet_id, (extract(epoch FROM clock_timestamp()) * 1000)::float8::text AS now
         FROM orders WHERE bet_id = ANY($1::text[])`,
        [[...pending.keys()]],
      );
      for (const row of found.rows) {
        lags.push(Number(row.now) - pending.get(row.bet_id)!);
        pending.delete(row.bet_id);
      }
    }
    const foreign = await db.query<{ age: string | null }>(
      `SELECT (extract(epoch FROM max(clock_timestamp() - xact_start)) * 1000)::float8::text AS age
       FROM pg_stat_activity WHERE xact_start IS NOT NULL AND pid <> pg_backend_pid()
         AND application_name <> $1 AND backend_xmin IS NOT NULL`,
      [applicationName],
    );
    foreignAges.push(Number(foreign.rows[0]?.age ?? 0));
    if (lastPoll) return { lags, missed: pending.size, foreignAges };
    if (!running()) lastPoll = pending.size === 0 || (await new Promise((r) => setTimeout(r, 2_000)), true);
    else await new Promise((r) => setTimeout(r, POLL_MS));
  }
};

const runDriver = async (): Promise<void> => {
  const schema = `bench_api_${Date.now().toString(36)}`;
  const profileDir = process.env.BENCH_CPU_PROF_DIR ?? join(tmpdir(), 'bashiri-bench-profiles');
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['server'], {
    env: { ...process.env, BENCH_SCHEMA: schema },
    execArgv: [
      ...process.execArgv,
      ...(process.env.BENCH_CPU_PROF === '1' ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ],
    // The server's own output (SMS sandbox, first administrator) goes to stderr: stdout stays the report.
    stdio: ['ignore', 2, 2, 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.on('message', (m: Ready) => m.type === 'ready' && resolve(m));
    void exited.then((code) => reject(new Error(`server exited (${code}) before it was ready`)));
  });
  const db = await createPostgresClient({ connectionString: URL_, schema, max: 2 });
  const figures: Record<string, unknown> = {};
  try {
    console.log(
      `server on 127.0.0.1:${ready.port}, schema ${schema}: ${ready.players.length} players ` +
        `(${ready.registered} registered through SMS code + register), ${ready.matches.length} matches; ` +
        `seeded in ${ready.seedSeconds.toFixed(1)} s`,
    );
    if (ready.registerFailures.length > 0)
      console.log(
        `register answered an error ${ready.registerFailures.length} time(s) on the running server (then login worked): ` +
          ready.registerFailures[0],
      );
    const run = randomUUID().slice(0, 8);
    let sent = 0;
    const counts = { placed: 0, rejected: 0, graphqlErrors: 0, placedWithoutOrder: 0 };
    const rejections = new Map<string, number>();
    const statuses = new Map<number, number>();
    const firstErrors: string[] = [];
    const players = ready.players;
    const bodyFor = (n: number) => {
      const p = n % players.length;
      // Mostly singles, every fourth a double on two different matches.
      const m1 = n % ready.matches.length;
      const legs = [ready.matches[m1]![n % 3]!];
      if (n % 4 === 3) legs.push(ready.matches[(m1 + 1) % ready.matches.length]![(n >> 2) % 3]!);
      return {
        player: players[p]!,
        ip: `10.${(p >> 16) & 255}.${(p >> 8) & 255}.${p & 255}`,
        body: JSON.stringify({
          query: PLACE,
          variables: {
            input: {
              requestId: `${run}-${n}`,
              payType: 'BALANCE',
              amount: STAKE,
              selections: legs,
              oddsChange: 'NONE',
            },
          },
        }),
      };
    };

    // Cost per bet, independent of how busy the machine is: CPU seconds of the server process and of
    // its PostgreSQL backends (found by application_name), and round trips, over the load.
    const backends = async () =>
      (
        await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [
          schema,
        ])
      ).rows.map((r) => r.pid);
    const tripsNow = () =>
      new Promise<number>((resolve) => {
        const onMessage = (m: { type?: string; statements?: number }) => {
          if (m.type !== 'trips') return;
          child.off('message', onMessage);
          resolve(m.statements ?? 0);
        };
        child.on('message', onMessage);
        child.send({ type: 'trips' });
      });
    const pgBefore = await cpuSecondsByPid(await backends());
    const serverBefore = (await processCpuSeconds(child.pid!)) ?? 0;
    const tripsBefore = await tripsNow();

    let running = true;
    const lagSampling = pollLag(db, () => running, schema);
    const result = await autocannon({
      url: `http://127.0.0.1:${ready.port}`,
      connections: CONNECTIONS,
      duration: SECONDS,
      timeout: 10,
      headers: { 'content-type': 'application/json' },
      requests: [
        {
          method: 'POST',
          path: '/graphql',
          setupRequest: (request) => {
            const { player, ip, body } = bodyFor(sent++);
            return {
              ...request,
              headers: {
                ...request.headers,
                authorization: `Bearer ${player.token}`,
                'x-forwarded-for': ip,
              },
              body,
            };
          },
          onResponse: (status, body) => {
            if (status !== 200) {
              statuses.set(status, (statuses.get(status) ?? 0) + 1);
              if (firstErrors.length < 3) firstErrors.push(`HTTP ${status} ${body.slice(0, 200)}`);
              return;
            }
            if (body.includes('"status":"PLACED"')) {
              counts.placed += 1;
              if (body.includes('"order":null')) counts.placedWithoutOrder += 1;
            } else if (body.includes('"status":"REJECTED"')) {
              counts.rejected += 1;
              const code = /"code":"([A-Z_]+)"/.exec(body)?.[1] ?? '?';
              rejections.set(code, (rejections.get(code) ?? 0) + 1);
            }
            if (body.includes('"errors"')) {
              counts.graphqlErrors += 1;
              if (firstErrors.length < 3) firstErrors.push(body.slice(0, 300));
            }
          },
        },
      ],
    });
    const pgAfter = await cpuSecondsByPid([...new Set([...pgBefore.keys(), ...(await backends())])]);
    const serverCpu = ((await processCpuSeconds(child.pid!)) ?? 0) - serverBefore;
    const pgCpu = [...pgAfter].reduce((sum, [pid, t]) => sum + t - (pgBefore.get(pid) ?? 0), 0);
    const trips = (await tripsNow()) - tripsBefore;
    running = false;
    const { lags, missed, foreignAges } = await lagSampling;
    lags.sort((a, b) => a - b);
    foreignAges.sort((a, b) => a - b);

    const stored = await db.query<{ events: number; orders: number }>(
      `SELECT (SELECT count(*)::int FROM es_events WHERE event_type = 'BetPlaced') AS events,
              (SELECT count(*)::int FROM orders) AS orders`,
    );
    const answered = result.requests.total;
    const betsPerS = counts.placed / (result.duration || SECONDS);
    const errors = result.errors + result.timeouts + counts.graphqlErrors;
    console.log(
      `placeBet over HTTP, ${CONNECTIONS} connections, ${result.duration.toFixed(1)} s: ${answered} answers, ` +
        `${Math.round(result.requests.average)} requests/s; PLACED ${counts.placed} (${Math.round(betsPerS)} bets/s), ` +
        `REJECTED ${counts.rejected} (${[...rejections].map(([c, n]) => `${c} ${n}`).join(', ') || 'none'})`,
    );
    console.log(
      `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms ` +
        `(targets: >= 1,000 bets/s, p99 <= 100 ms, zero errors)`,
    );
    console.log(
      `errors: ${result.errors} socket errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx, ` +
        `${counts.graphqlErrors} GraphQL errors${firstErrors.length ? ` — first: ${firstErrors.join(' | ')}` : ''}; ` +
        `PLACED answers without their order: ${counts.placedWithoutOrder}`,
    );
    console.log(
      `stored: ${stored.rows[0]!.events} BetPlaced events, ${stored.rows[0]!.orders} order rows; ` +
        `orders projection lag (sampled ${lags.length} bets${missed ? `, ${missed} never seen` : ''}): ` +
        `p50 ${round1(percentile(lags, 50))} ms, p99 ${round1(percentile(lags, 99))} ms, max ${round1(percentile(lags, 100))} ms`,
    );
    console.log(
      `oldest transaction of other clients of the PostgreSQL server at each poll (holds back what projections ` +
        `may read): p50 ${round1(percentile(foreignAges, 50))} ms, p99 ${round1(percentile(foreignAges, 99))} ms`,
    );
    const answeredBets = Math.max(1, counts.placed + counts.rejected);
    const perBetMs = (seconds: number) => Math.round((seconds / answeredBets) * 1e6) / 1e3;
    console.log(
      `cost per answered bet: server ${perBetMs(serverCpu)} ms CPU, PostgreSQL backends ${perBetMs(pgCpu)} ms CPU, ` +
        `${(trips / answeredBets).toFixed(1)} round trips (request path and projections); ` +
        `two dedicated cores would allow about ${Math.round(2 / ((serverCpu + pgCpu) / answeredBets))} bets/s ` +
        `(the load generator not counted)`,
    );
    Object.assign(figures, {
      server_cpu_ms_per_bet: perBetMs(serverCpu),
      pg_cpu_ms_per_bet: perBetMs(pgCpu),
      round_trips_per_bet: Number((trips / answeredBets).toFixed(1)),
      foreign_transaction_age_p50_ms: round1(percentile(foreignAges, 50)),
      foreign_transaction_age_p99_ms: round1(percentile(foreignAges, 99)),
      seconds: Number(result.duration.toFixed(1)),
      connections: CONNECTIONS,
      players: players.length,
      bets_per_s: Math.round(betsPerS),
      requests_per_s: Math.round(result.requests.average),
      p50_ms: result.latency.p50,
      p99_ms: result.latency.p99,
      max_ms: result.latency.max,
      errors,
      non_2xx: result.non2xx,
      placed: counts.placed,
      rejected: counts.rejected,
      rejected_insufficient_funds: rejections.get('INSUFFICIENT_FUNDS') ?? 0,
      placed_without_order: counts.placedWithoutOrder,
      bet_placed_events: stored.rows[0]!.events,
      order_rows: stored.rows[0]!.orders,
      orders_projection_lag_samples: lags.length,
      orders_projection_lag_p50_ms: round1(percentile(lags, 50)),
      orders_projection_lag_p99_ms: round1(percentile(lags, 99)),
      orders_projection_lag_max_ms: round1(percentile(lags, 100)),
    });
  } finally {
    child.send({ type: 'stop' });
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (child.exitCode === null) child.kill();
    await db.query(`DROP SCHEMA ${schema} CASCADE`);
    await db.close();
  }
  console.log(JSON.stringify(figures));
};

if (process.argv[2] === 'server') await runServer();
else await runDriver();
