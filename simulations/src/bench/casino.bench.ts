/**
 * `npm run bench:casino` (issue 22 "Speed"): the seamless-wallet API answering `bet` + `win` pairs from
 * BENCH_CONNECTIONS (32) concurrent provider connections, signed as a provider signs them, against the
 * real server (every module, as `npm start` starts them) on PostgreSQL (DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/postgres) in a fresh schema.
 *
 * Two processes, so that the load generator never steals the server's event loop: the SERVER (this
 * file with argument `server`, forked) seeds the sandbox provider, BENCH_PLAYERS (500) players with
 * money and a casino session each, and listens on a free port; the DRIVER (this process) sends `bet` of
 * 100 TZS then its `win` (0 or 190 TZS) pairs over BENCH_CONNECTIONS connections in two phases of
 * BENCH_SECONDS (20) each (decision 0205):
 * - PACED (BENCH_RATE calls/s offered, default 1,500; `0` skips it): pair k is due at start + k × 2/RATE s
 *   whatever the server answered, sent by the first free connection (paced.ts), and each `bet`'s latency
 *   counts from its due time — a server falling behind shows it in the latencies instead of slowing the
 *   driver down (coordinated omission). This is the figure: calls/s achieved and p99 at that rate.
 * - SATURATED (BENCH_SATURATE=0 skips it): the closed loop of the earlier benches, one loop per connection
 *   sending its next pair when the last one answered — the most calls per second the server answers
 *   (`maxCallsPerSecond`) and the latencies at that load (`saturatedP99Ms`).
 * Before them a WARM-UP (BENCH_WARMUP=0 skips it) plays every player's first round: a session's first bet
 * costs three round trips (session row, streams and flags, append), once per game launch; its latencies
 * are reported apart (`warmup.firstBetP50Ms`/`firstBetP99Ms`), not in the steady state's percentiles.
 * (A `win`'s latency counts from its bet's answer, when a provider would send it.) Each call is a fresh
 * transaction id, on a player of its own. Afterwards it checks "every call applied once": the
 * casino transactions read model has exactly one row per accepted call, and every player's balance
 * equals its deposit plus the sum of its movements.
 *
 * The driver shares the machine with the server and PostgreSQL, so its own CPU is part of what limits the
 * rate: it is measured (`driverCpuMsPerCall`, process.cpuUsage over the calls) and kept light
 * (casino-driver.ts, BENCH_DRIVER; decision 0215): by default HTTP/1.1 written and read directly on 32
 * keep-alive TCP sockets (`socket`), each body built from a template (the bytes of JSON.stringify,
 * checked by casino-driver.unit.test.ts) and signed with node's native HMAC-SHA256 — half the CPU per
 * call of `BENCH_DRIVER=http` (node:http over a keep-alive agent, the default of sessions 7 to 17);
 * `BENCH_DRIVER=fetch` runs the first driver (global fetch, the domain's pure-code HMAC). Whichever runs,
 * every call is real: a fresh transaction id, signed over its exact body with the provider's secret and
 * the current timestamp, its answer parsed and counted, and "applied once" checked as above. The server
 * is not told which driver runs.
 *
 * What the server process runs besides the product is kept to what the result line needs (decision
 * 0215): a statement counter (one increment per statement: `statementsPerCall`) and, once per projection
 * batch, its lag (`projectionLagMaxMs`). BENCH_TAIL=1 adds the tail recording (tail.ts: every statement,
 * store call, wallet handler and projection batch timed, the event-loop delay sampled every ms, GC
 * pauses) and prints, before the result, one `{"phase": …, "tail": …}` line per phase saying where the
 * latency tail comes from inside the server. Until session 17 that recording always ran: its 1 ms
 * loop-delay timer alone cost the server ~30 ms of CPU a second, idle or not (its per-call work was
 * below what a loaded machine resolves), so the `tail` lines are now printed only with BENCH_TAIL=1
 * (BENCH_SERVER_TIMELINE turns it on too); no field of the result line moved or changed meaning.
 *
 * BENCH_LATENCIES=<file> writes every call's `method,from_ms,latency_ms` (CSV; `from` in Unix epoch ms) for
 * a timeline of the latencies.
 * BENCH_CPU_PROF=1 writes a V8 CPU profile of the server (`server-process.ts`); BENCH_CALLS_PROF=<file> one
 * of the last phase's calls only. Before the calls the server
 * is left idle for BENCH_IDLE_SECONDS (3): the `marginal…PerCall` figures are the run's less that idle
 * rate (projection polls, worker loops), so they depend less on the rate a loaded machine allows.
 *
 * Last stdout line: one JSON object { mode, offeredCallsPerSecond, callsPerSecond, p50Ms, p99Ms,
 * maxCallsPerSecond, saturatedP99Ms, calls, errors, appliedOnce, paced: {…}, saturated: {…}, … }; the
 * CPU and statement figures per call are per phase.
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createPostgresClient } from '@bashiri/eventstore';
import { DRIVER_KINDS, betBody, driverTransport, winBody } from './casino-driver.ts';
import type { DriverKind } from './casino-driver.ts';
import { runPaced } from './paced.ts';
import { forkBenchServer } from './server-process.ts';
import { countingSql } from './statements.ts';
import { pgBackendCpu, totalCpuSeconds, withApplicationName } from './pg-cpu.ts';
import { tailRecorder } from './tail.ts';
import type { TailReport } from './tail.ts';
import type { SqlClient, SqlExecutor } from '@bashiri/eventstore';

const URL_ = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 500);
/**
 * The load generator (casino-driver.ts): `socket` (default: HTTP/1.1 on keep-alive TCP sockets, native
 * HMAC), `http` (node:http, keep-alive agent) or `fetch` (the first driver). Another name is refused.
 */
const DRIVER: DriverKind = (() => {
  const kind = process.env.BENCH_DRIVER ?? 'socket';
  if (!(DRIVER_KINDS as readonly string[]).includes(kind))
    throw new Error(`BENCH_DRIVER must be one of ${DRIVER_KINDS.join(', ')}, got ${kind}`);
  return kind as DriverKind;
})();
const DEPOSIT = 10_000_000;
const STAKE = 100;
/**
 * Seconds of an idle window before the calls: the server's and PostgreSQL's CPU and the statements while
 * nothing is sent (projection polls, worker loops) — subtracted, at the same rate, from the run's to give
 * the marginal figures per call, which depend less on the rate a loaded machine lets the run reach.
 */
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 3);
/**
 * Calls per second offered in the paced phase (decision 0205; `0`: no paced phase): `bet`+`win` pairs due
 * at RATE / 2 a second whatever the answers, each `bet`'s latency measured from its due time (paced.ts),
 * the `win`'s from its bet's answer. Default 1,500, the rate of issue 22's target.
 */
const RATE = Number(process.env.BENCH_RATE ?? 1500);
/** `0`: no warm-up (every player's first round, untimed, before the phases; decision 0205). */
const WARMUP = process.env.BENCH_WARMUP !== '0';
/**
 * A file to write every call's `method,from_ms,latency_ms` to (CSV; `from`: when the call was due (paced)
 * or sent, Unix epoch ms, to set beside the server's and PostgreSQL's logs).
 */
const LATENCY_FILE = process.env.BENCH_LATENCIES;
/** `0`: no saturated phase (the closed loop: as many calls as the server answers). */
const SATURATE = process.env.BENCH_SATURATE !== '0';
/**
 * DIAGNOSTIC ONLY: `0` does not start the projection runner's background loops in the server (decision
 * 0211), to see whether the paced phase's stalls come from the projections' batches. The read models
 * then catch up only when the driver asks the server to settle after each phase, so the figures of such a
 * run are not the product's: never report them as issue 22's.
 */
const PROJECTIONS = process.env.BENCH_PROJECTIONS !== '0';
/**
 * DIAGNOSTIC: a file for the server's own timeline (CSV `kind,start_ms,end_ms`, Unix epoch ms): every
 * wallet handler (`handler`, onRequest to onResponse) and every SQL transaction (`tx`: the calls make none;
 * these are the projections' batches and the workers' leases), to set the handlers' time beside how many
 * background transactions ran meanwhile (decision 0211).
 */
const SERVER_TIMELINE = process.env.BENCH_SERVER_TIMELINE;
/**
 * `1`: the server records where the latency tail comes from (tail.ts: every statement, store call,
 * handler and projection batch timed; event-loop delay sampled every ms; GC pauses) and the driver prints
 * the `{"phase": …, "tail": …}` lines. Off by default: that recording runs on every call and statement in
 * the server process, on the cores the bench measures (docs/benchmarks.md "Casino bench: the driver's
 * and the instrumentation's CPU (helper, session 18)"). BENCH_SERVER_TIMELINE turns it on too.
 */
const TAIL = process.env.BENCH_TAIL === '1' || SERVER_TIMELINE !== undefined;
/** Statements counted by name as well as in total (BENCH_COUNT_STATEMENTS=1: printed by the server at the end). */
const COUNT_BY_STATEMENT = Boolean(process.env.BENCH_COUNT_SQL) || process.env.BENCH_COUNT_STATEMENTS === '1';
/** `performance.now()` ms as Unix epoch ms with one decimal: the timelines' clock (the logs' clock). */
const epochMs = (at: number) => (performance.timeOrigin + at).toFixed(1);
/** The server's timeline rows (BENCH_SERVER_TIMELINE). */
const serverTimeline: string[] = [];
/** Records one span of the server's timeline, from `start` (performance.now() ms) to now. */
const onServerTimeline = (kind: string, start: number) => {
  if (SERVER_TIMELINE) serverTimeline.push(`${kind},${epochMs(start)},${epochMs(performance.now())}`);
};

interface Ready {
  readonly type: 'ready';
  readonly port: number;
  readonly sessions: readonly { readonly userId: string; readonly token: string }[];
  readonly secret: string;
}

/** `inner` with every statement timed as a span named by its prepared name or first words (tail.ts). */
const timedSql = (inner: SqlClient, tail: ReturnType<typeof tailRecorder>): SqlClient => {
  const key = (text: string, name?: string) => `sql ${name ?? text.replace(/\s+/g, ' ').trim().slice(0, 40)}`;
  const wrap = <E extends SqlExecutor>(executor: E): E =>
    ({
      ...executor,
      query: (text: string, params?: readonly unknown[], name?: string) =>
        tail.timed(key(text, name), () => executor.query(text, params, name)),
    }) as E;
  return {
    ...wrap(inner),
    transaction: (fn) => {
      const started = performance.now();
      return tail
        .timed('sql transaction', () => inner.transaction((tx) => fn(wrap(tx))))
        .finally(() => onServerTimeline('tx', started));
    },
    withConnection: (fn) => inner.withConnection((connection) => fn(wrap(connection))),
  };
};

const runServer = async (): Promise<void> => {
  const {
    loadConfig,
    modules,
    openServices,
    buildApp,
    authenticate,
    walletOf,
    seedSandboxProvider,
    SANDBOX_PROVIDER,
  } = await import('@bashiri/api');
  const schema = process.env.BENCH_SCHEMA!;
  const pool = await createPostgresClient({
    connectionString: withApplicationName(URL_, schema),
    schema,
    max: Number(process.env.BENCH_POOL ?? 20),
  });
  // Statements in total (statementsPerCall); by name only when asked (BENCH_COUNT_STATEMENTS=1).
  const counted = countingSql(pool, { byStatement: COUNT_BY_STATEMENT });
  // BENCH_TAIL=1, where the tail comes from (tail.ts): every statement timed by kind (pool wait + PostgreSQL).
  const tail = TAIL ? tailRecorder() : undefined;
  const sql = tail ? timedSql(counted.sql, tail) : counted.sql;
  /** Each projection's largest lag since the last `tailReset` (ms): `projectionLagMaxMs`, always measured. */
  let lagMaxMs = new Map<string, number>();
  const list = modules.filter((m) => m.name !== 'feed');
  for (const module of list)
    for (const projection of module.projections ?? []) {
      const mutable = projection as { applyBatch?: (...args: never[]) => Promise<void> };
      const apply = mutable.applyBatch;
      if (!apply) continue;
      // The batch with its awaits, and its first synchronous slice alone in CPU ms (process.cpuUsage:
      // on a loaded machine wall time would count the process being descheduled): the loop is blocked
      // for that long before any request waiting behind it runs.
      mutable.applyBatch = ((...args: never[]) => {
        // The projection's lag: how long ago its batch's first event was recorded (ms, the store's
        // recordedAt against this clock) — the oldest event the read model was still missing. Once per
        // batch, not per call: cheap enough to keep on.
        const first = (args[0] as unknown as readonly { recordedAt: string }[])[0];
        if (first) {
          const lag = Date.now() - Date.parse(first.recordedAt);
          if (lag > (lagMaxMs.get(projection.name) ?? Number.NEGATIVE_INFINITY))
            lagMaxMs.set(projection.name, lag);
          tail?.span(`lag ${projection.name}`, lag);
        }
        if (!tail) return apply.apply(projection, args);
        return tail.timed(`projection ${projection.name}`, () => {
          const cpu = process.cpuUsage();
          const running = apply.apply(projection, args);
          const used = process.cpuUsage(cpu);
          tail.span(`projection ${projection.name} sync cpu`, (used.user + used.system) / 1000);
          return running;
        });
      }) as never;
    }
  const config = loadConfig({
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    DATABASE_URL: URL_,
    DATABASE_SCHEMA: schema,
  });
  const services = await openServices(config, list, { sql });
  const app = await buildApp(config, services, list, { authenticate });
  if (tail) {
    const store = services.store as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    for (const method of ['readStreams', 'appendToStreams'] as const) {
      const inner = store[method]!.bind(services.store);
      store[method] = (...args) => tail.timed(`store.${method}`, () => inner(...args));
    }
    const arrived = new WeakMap<object, number>();
    app.addHook('onRequest', async (request) => {
      arrived.set(request, performance.now());
    });
    app.addHook('onResponse', async (request) => {
      const at = arrived.get(request);
      if (at === undefined) return;
      tail.span(`handler ${request.url.split('/').pop()}`, performance.now() - at);
      onServerTimeline('handler', at);
    });
  }
  for (const module of list) if (module.start) await module.start(services);
  if (PROJECTIONS) services.projections.start();
  await seedSandboxProvider(services.sql);
  const sessions: { userId: string; token: string }[] = [];
  const at = new Date(services.now()).toISOString();
  for (let i = 0; i < PLAYERS; i++) {
    const userId = `casino-bench-${i}`;
    const result = await walletOf(services).run({
      type: 'AdjustPocket',
      userId,
      movementId: `bench-fund-${i}`,
      at,
      actor: { kind: 'staff', id: 'bench' },
      pocket: 'balance',
      amount: DEPOSIT,
      reference: 'bench',
      reason: 'bench deposit',
    });
    if (!result.ok) throw new Error(`funding failed: ${result.error.code}`);
    const token = `cst_bench_${randomUUID().replaceAll('-', '')}`;
    await services.sql.query(
      `INSERT INTO casino_sessions (token, provider_id, game_id, user_id, demo, created_at, expires_at)
       VALUES ($1, 'sandbox', 'crash', $2, false, now(), now() + interval '1 day')`,
      [token, userId],
    );
    sessions.push({ userId, token });
  }
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  process.send!({ type: 'ready', port, sessions, secret: SANDBOX_PROVIDER.secret } satisfies Ready);
  let profiler: Session | undefined;
  process.on('message', async (m: { type: string }) => {
    if (m.type === 'count') return counted.reset();
    if (m.type === 'tailReset') {
      tail?.reset();
      lagMaxMs = new Map();
      // BENCH_CALLS_PROF=<file>: a V8 CPU profile of the server during the calls only (not the seeding).
      if (process.env.BENCH_CALLS_PROF) {
        profiler = new Session();
        profiler.connect();
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.start');
      }
      return;
    }
    if (m.type === 'tail') {
      if (profiler) {
        const { profile } = await profiler.post('Profiler.stop');
        await writeFile(process.env.BENCH_CALLS_PROF!, JSON.stringify(profile));
        profiler.disconnect();
        profiler = undefined;
      }
      return process.send!({
        type: 'tail',
        report: tail?.report(),
        lagMaxMs: Object.fromEntries(lagMaxMs),
      } satisfies TailAnswer);
    }
    if (m.type === 'statements') return process.send!({ type: 'statements', n: counted.total() });
    if (m.type === 'settle') {
      // Every projection applies what is visible now: how long that takes after a phase (ms).
      const started = performance.now();
      await services.projections.settle();
      return process.send!({ type: 'settled', ms: performance.now() - started });
    }
    if (m.type !== 'stop') return;
    if (COUNT_BY_STATEMENT) console.error(counted.report(Number.POSITIVE_INFINITY));
    await app.close();
    await services.projections.settle();
    if (SERVER_TIMELINE)
      await writeFile(SERVER_TIMELINE, `kind,start_ms,end_ms\n${serverTimeline.join('\n')}\n`);
    process.exit(0);
  });
};

/** The server's answer to `tail` after a phase. */
interface TailAnswer {
  readonly type: 'tail';
  /** BENCH_TAIL=1 only: where the tail came from (tail.ts). */
  readonly report: TailReport | undefined;
  /** Each projection's largest lag over the phase (ms): how long its batch's first event had waited. */
  readonly lagMaxMs: Readonly<Record<string, number>>;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** What one window of calls measured (a phase: paced or saturated). */
interface PhaseFigures {
  readonly seconds: number;
  readonly calls: number;
  readonly pairs: number;
  readonly errors: number;
  /** Latencies of the window's calls, ms, sorted. */
  readonly latencies: readonly number[];
  readonly serverCpu: number;
  readonly pgCpu: number;
  readonly statements: number;
  readonly driverCpu: number;
  /** BENCH_TAIL=1 only: the server's tail report (tail.ts). */
  readonly tail: TailReport | undefined;
  /** Each projection's largest lag over the phase (ms). */
  readonly lagMaxMs: Readonly<Record<string, number>>;
  /** Paced only: the largest delay of a pair's sending behind its due time (ms). */
  readonly maxSendDelayMs?: number;
  /** The driver's own event-loop delay over the phase (ms): its p99 and max (a stall of the driver shows as latency). */
  readonly driverLoopDelayMs: { readonly p99: number; readonly max: number };
  /** After the phase: ms until the casino transactions read model held every accepted call (0 without projections). */
  readonly caughtUpMs: number;
  /** After that: ms of the server's `settle()` (every projection applies everything visible). */
  readonly settleMs: number;
}

const runDriver = async (): Promise<void> => {
  const schema = `bench_casino_${Date.now().toString(36)}`;
  const admin = await createPostgresClient({ connectionString: URL_ });
  await admin.query(`CREATE SCHEMA ${schema}`);
  const { child, ready } = await forkBenchServer<Ready>(import.meta.url, schema);
  const statuses = new Map<string, number>();
  // The load generator (BENCH_DRIVER, see the header; casino-driver.ts).
  const transport = driverTransport(DRIVER, ready.port, 'sandbox', ready.secret, CONNECTIONS);
  /** The running window's counters (reset by each phase). */
  let window = { latencies: [] as number[], calls: 0, errors: 0 };
  /** BENCH_LATENCIES: every call's `method,from,latency` (ms on the driver's clock), for a timeline. */
  const timeline: string[] = [];
  /** Sends one call; its latency is measured from `from` (the paced schedule's due time, else now). */
  const send = async (method: string, text: string, from = performance.now()) => {
    try {
      const res = await transport.post(method, text);
      const answer = JSON.parse(res.answer) as { status?: string; code?: string; error?: { code?: string } };
      const latency = performance.now() - from;
      window.latencies.push(latency);
      if (LATENCY_FILE) timeline.push(`${method},${epochMs(from)},${latency.toFixed(1)}`);
      window.calls += 1;
      // An answer without a protocol status (a server error): counted by HTTP status and error code.
      const key = answer.status ?? `http ${res.status} ${answer.code ?? answer.error?.code ?? ''}`.trim();
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (answer.status !== 'RS_OK') window.errors += 1;
    } catch {
      window.errors += 1;
    }
  };
  /** The `bet` then `win` of round `k` for player `session` (the win's amount alternates 0 / 190). */
  const pair = async (s: { token: string }, k: number, from?: number) => {
    const roundId = randomUUID();
    await send('bet', betBody(s.token, roundId, STAKE), from);
    await send('win', winBody(s.token, roundId, k % 2 === 0 ? 190 : 0));
  };
  child.send({ type: 'count' });
  // Cost per call, whatever else the machine runs: CPU of the server process and of its PostgreSQL
  // backends (by application_name, pg-cpu.ts), and statements sent by the server (projections included).
  const ask = <T>(type: string, answer: string, pick: (m: Record<string, unknown>) => T) =>
    new Promise<T>((resolve) => {
      const onMessage = (m: Record<string, unknown>) => {
        if (m.type !== answer) return;
        child.off('message', onMessage);
        resolve(pick(m));
      };
      child.on('message', onMessage);
      child.send({ type });
    });
  const statementsNow = () => ask('statements', 'statements', (m) => Number(m.n ?? 0));
  const caughtUp = async () => {
    // The projection catches up (at most 60 s): one casino transactions row per accepted call.
    const accepted = statuses.get('RS_OK') ?? 0;
    for (let waited = 0; waited < 60_000; waited += 250) {
      const n = await admin.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${schema}.casino_transactions`,
      );
      if (n.rows[0]!.n >= accepted) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  // The projections apply the seeding's events first (fundings, sessions): not part of the idle rate.
  if (IDLE_SECONDS > 0) await new Promise((resolve) => setTimeout(resolve, 2_000));
  if (!PROJECTIONS) await ask('settle', 'settled', () => undefined);
  const idlePgMeter = await pgBackendCpu(admin, schema);
  const idleServerBefore = await totalCpuSeconds([child.pid!]);
  const idleStatementsBefore = await statementsNow();
  const idleStarted = performance.now();
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const idleSeconds = (performance.now() - idleStarted) / 1000;
  // Per second while idle: server CPU s, PostgreSQL CPU s, statements.
  const idle = {
    server: ((await totalCpuSeconds([child.pid!])) - idleServerBefore) / Math.max(idleSeconds, 1e-3),
    pg: ((await idlePgMeter()) ?? 0) / Math.max(idleSeconds, 1e-3),
    statements: ((await statementsNow()) - idleStatementsBefore) / Math.max(idleSeconds, 1e-3),
  };

  /** One window of calls made by `drive`, with the server's and PostgreSQL's CPU and statements meanwhile. */
  const phase = async (
    drive: () => Promise<{ pairs: number; seconds: number; maxSendDelayMs?: number }>,
  ): Promise<PhaseFigures> => {
    window = { latencies: [], calls: 0, errors: 0 };
    const pgMeter = await pgBackendCpu(admin, schema);
    const serverBefore = await totalCpuSeconds([child.pid!]);
    const statementsBefore = await statementsNow();
    child.send({ type: 'tailReset' });
    const driverCpuBefore = process.cpuUsage();
    const driverLoop = monitorEventLoopDelay({ resolution: 10 });
    driverLoop.enable();
    const driven = await drive();
    const driverCpuUsed = process.cpuUsage(driverCpuBefore);
    driverLoop.disable();
    const serverCpu = (await totalCpuSeconds([child.pid!])) - serverBefore;
    const pgCpu = (await pgMeter()) ?? 0;
    const statements = (await statementsNow()) - statementsBefore;
    const { report: tail, lagMaxMs } = await ask('tail', 'tail', (m) => m as unknown as TailAnswer);
    const catchUpStarted = performance.now();
    if (PROJECTIONS) await caughtUp();
    const caughtUpMs = performance.now() - catchUpStarted;
    const settleMs = await ask('settle', 'settled', (m) => Number(m.ms ?? 0));
    return {
      caughtUpMs,
      settleMs,
      ...driven,
      calls: window.calls,
      errors: window.errors,
      latencies: [...window.latencies].sort((a, b) => a - b),
      serverCpu,
      pgCpu,
      statements,
      driverCpu: (driverCpuUsed.user + driverCpuUsed.system) / 1e6,
      driverLoopDelayMs: {
        p99: Number((driverLoop.percentile(99) / 1e6).toFixed(1)),
        max: Number((driverLoop.max / 1e6).toFixed(1)),
      },
      tail,
      lagMaxMs,
    };
  };

  // Warm-up (decision 0205): every player's first round, right before the timed phases (after the idle
  // window, so that the players' confirmations are as fresh as a playing player's, not all 5 s old at once). A session's first bet
  // reads the session row, then the player's streams and flags, then appends — three round trips, once per
  // session, as a provider's player pays it once per game launch; its latencies are reported apart
  // (`warmup.firstBet…`) rather than mixed into the steady state's percentiles. BENCH_WARMUP=0 skips it.
  window = { latencies: [], calls: 0, errors: 0 };
  const firstBets: number[] = [];
  if (WARMUP) {
    let nextPlayer = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        for (;;) {
          const i = nextPlayer++;
          if (i >= ready.sessions.length) return;
          const s = ready.sessions[i]!;
          const roundId = randomUUID();
          const sent = performance.now();
          await send('bet', betBody(s.token, roundId, STAKE), sent);
          firstBets.push(performance.now() - sent);
          await send('win', winBody(s.token, roundId, 0));
        }
      }),
    );
  }
  const warmup = { calls: window.calls, errors: window.errors };
  firstBets.sort((a, b) => a - b);
  // Paced (decision 0205): pairs offered at RATE calls/s whatever the answers, each bet's latency from
  // its due time (paced.ts), for BENCH_SECONDS.
  const paced =
    RATE > 0
      ? await phase(async () => {
          const count = Math.floor((SECONDS * RATE) / 2);
          const result = await runPaced({
            intervalMs: 2000 / RATE,
            count,
            connections: CONNECTIONS,
            now: () => performance.now(),
            sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
            run: (k, due) => pair(ready.sessions[k % ready.sessions.length]!, k, due),
          });
          return {
            pairs: count,
            seconds: (result.endedAt - result.startedAt) / 1000,
            maxSendDelayMs: result.maxSendDelayMs,
          };
        })
      : undefined;
  // Saturated (the closed loop of the earlier benches): each connection sends its next pair when the
  // last one answered, for BENCH_SECONDS — the most calls per second the server answers.
  const saturated = SATURATE
    ? await phase(async () => {
        const end = Date.now() + SECONDS * 1000;
        const started = performance.now();
        let pairs = 0;
        await Promise.all(
          Array.from({ length: CONNECTIONS }, async (_, c) => {
            let k = 0;
            while (Date.now() < end) {
              const s = ready.sessions[(c + k * CONNECTIONS) % ready.sessions.length]!;
              k += 1;
              await pair(s, k);
              pairs += 1;
            }
          }),
        );
        return { pairs, seconds: (performance.now() - started) / 1000 };
      })
    : undefined;

  const accepted = statuses.get('RS_OK') ?? 0;
  child.send({ type: 'stop' });
  await new Promise((resolve) => child.once('exit', resolve));
  // Every call applied once: one read-model row per accepted call; balances equal deposit + movements.
  const rows = await admin.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${schema}.casino_transactions`,
  );
  const mismatched = await admin.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (
       SELECT b.user_id, b.balance_after, ${DEPOSIT} + coalesce((SELECT sum(movement) FROM ${schema}.casino_transactions t WHERE t.user_id = b.user_id), 0) AS expected
       FROM (SELECT DISTINCT ON (user_id) user_id, balance_after FROM ${schema}.bills WHERE pocket = 'balance' ORDER BY user_id, id DESC) b
     ) x WHERE balance_after <> expected`,
  );
  transport.close();
  if (LATENCY_FILE) await writeFile(LATENCY_FILE, `method,from_ms,latency_ms\n${timeline.join('\n')}\n`);
  await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  await admin.close();

  const perCall = (value: number, calls: number) => Number(((value * 1000) / Math.max(1, calls)).toFixed(2));
  /** A phase's figures for the result line. */
  const figures = (f: PhaseFigures) => ({
    seconds: Number(f.seconds.toFixed(1)),
    calls: f.calls,
    pairs: f.pairs,
    callsPerSecond: Math.round(f.calls / f.seconds),
    p50Ms: Number(percentile(f.latencies, 50).toFixed(1)),
    p99Ms: Number(percentile(f.latencies, 99).toFixed(1)),
    maxMs: Number(percentile(f.latencies, 100).toFixed(1)),
    errors: f.errors,
    ...(f.maxSendDelayMs === undefined ? {} : { maxSendDelayMs: Number(f.maxSendDelayMs.toFixed(1)) }),
    driverLoopDelayMs: f.driverLoopDelayMs,
    // Projection lag (decision 0211): the most ms a batch's first event had waited when it was applied,
    // per projection with a batch write, and after the phase the time until the read models caught up.
    projectionLagMaxMs: Object.fromEntries(
      Object.entries(f.lagMaxMs).map(([name, ms]) => [name, Math.round(ms)]),
    ),
    caughtUpMs: Math.round(f.caughtUpMs),
    settleMs: Math.round(f.settleMs),
    driverCpuMsPerCall: perCall(f.driverCpu, f.calls),
    serverCpuMsPerCall: perCall(f.serverCpu, f.calls),
    pgCpuMsPerCall: perCall(f.pgCpu, f.calls),
    statementsPerCall: Number((f.statements / Math.max(1, f.calls)).toFixed(2)),
    // The same less the idle window's rate over the phase's seconds (BENCH_IDLE_SECONDS; 0: not measured).
    marginalServerCpuMsPerCall: perCall(f.serverCpu - idle.server * f.seconds, f.calls),
    marginalPgCpuMsPerCall: perCall(f.pgCpu - idle.pg * f.seconds, f.calls),
    marginalStatementsPerCall: Number(
      ((f.statements - idle.statements * f.seconds) / Math.max(1, f.calls)).toFixed(2),
    ),
  });
  const pacedFigures = paced ? figures(paced) : undefined;
  const saturatedFigures = saturated ? figures(saturated) : undefined;
  const headline = pacedFigures ?? saturatedFigures!;
  const result = {
    bench: 'casino-wallet',
    ...(PROJECTIONS
      ? {}
      : { diagnostic: 'BENCH_PROJECTIONS=0: no background projections (not a product figure)' }),
    connections: CONNECTIONS,
    driver: DRIVER,
    // The pair of figures: the paced phase's achieved rate and its p99 (latency from each bet's
    // due time), or the saturated phase's when BENCH_RATE=0.
    mode: pacedFigures ? 'paced' : 'saturated',
    offeredCallsPerSecond: pacedFigures ? RATE : null,
    callsPerSecond: headline.callsPerSecond,
    p50Ms: headline.p50Ms,
    p99Ms: headline.p99Ms,
    // The most calls per second answered (the saturated phase), and its latencies at that load.
    maxCallsPerSecond: saturatedFigures?.callsPerSecond ?? null,
    saturatedP99Ms: saturatedFigures?.p99Ms ?? null,
    calls: warmup.calls + (paced?.calls ?? 0) + (saturated?.calls ?? 0),
    errors: warmup.errors + (paced?.errors ?? 0) + (saturated?.errors ?? 0),
    warmup: {
      calls: warmup.calls,
      errors: warmup.errors,
      firstBetP50Ms: Number(percentile(firstBets, 50).toFixed(1)),
      firstBetP99Ms: Number(percentile(firstBets, 99).toFixed(1)),
    },
    idleServerCpuMsPerSecond: Number((idle.server * 1000).toFixed(1)),
    idlePgCpuMsPerSecond: Number((idle.pg * 1000).toFixed(1)),
    idleStatementsPerSecond: Number(idle.statements.toFixed(1)),
    paced: pacedFigures ?? null,
    saturated: saturatedFigures ?? null,
    statuses: Object.fromEntries(statuses),
    readModelRows: rows.rows[0]!.n,
    appliedOnce: rows.rows[0]!.n === accepted && mismatched.rows[0]!.n === 0,
    balanceMismatches: mismatched.rows[0]!.n,
  };
  // Where the tail comes from, inside the server (tail.ts): one line of JSON per phase before the result.
  for (const [name, f] of [
    ['paced', paced],
    ['saturated', saturated],
  ] as const) {
    if (!f?.tail) continue;
    const latencyP = (p: number) => Number(percentile(f.latencies, p).toFixed(1));
    console.log(
      JSON.stringify({
        phase: name,
        tail: {
          client: { p50: latencyP(50), p90: latencyP(90), p99: latencyP(99), max: latencyP(100) },
          ...f.tail,
        },
      }),
    );
  }
  if (pacedFigures)
    console.log(
      `casino wallet, paced: ${pacedFigures.callsPerSecond} calls/s of ${RATE} offered, p99 ${pacedFigures.p99Ms} ms (from each bet's due time), ${pacedFigures.errors} errors`,
    );
  if (saturatedFigures)
    console.log(
      `casino wallet, saturated: ${saturatedFigures.callsPerSecond} calls/s, p99 ${saturatedFigures.p99Ms} ms, ${saturatedFigures.errors} errors`,
    );
  console.log(JSON.stringify(result));
};

if (process.argv[2] === 'server') await runServer();
else await runDriver();
