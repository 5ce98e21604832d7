/**
 * `npm run bench:casino` (issue 22 "Speed"): the seamless-wallet API answering `bet` + `win` pairs from
 * BENCH_CONNECTIONS (32) concurrent provider connections, signed as a provider signs them, against the
 * real server (every module, as `npm start` starts them) on PostgreSQL (DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/postgres) in a fresh schema.
 *
 * Two processes, so that the load generator never steals the server's event loop: the SERVER (this
 * file with argument `server`, forked) seeds the sandbox provider, BENCH_PLAYERS (500) players with
 * money and a casino session each, and listens on a free port; the DRIVER (this process) runs one loop
 * per connection for BENCH_SECONDS (20): a `bet` of 100 TZS then its `win` (0 or 190 TZS), each a
 * fresh transaction id, on a player of its own. Afterwards it checks "every call applied once": the
 * casino transactions read model has exactly one row per accepted call, and every player's balance
 * equals its deposit plus the sum of its movements.
 *
 * The driver shares the machine with the server and PostgreSQL, so its own CPU is part of what limits the
 * rate: it is measured (`driverCpuMsPerCall`, process.cpuUsage over the calls) and kept light
 * (casino-driver.ts, BENCH_DRIVER): by default node:http over a keep-alive agent, each body built from a
 * template (the bytes of JSON.stringify, checked by casino-driver.unit.test.ts) and signed with node's
 * native HMAC-SHA256. `BENCH_DRIVER=fetch` runs the earlier driver (global fetch, the domain's pure-code
 * HMAC), which cost ~3.5× the CPU per call (docs/benchmarks.md "Casino wallet API: CPU per call (seventh
 * session)"). Either way every call is real: a fresh transaction id, signed over its exact body with the
 * provider's secret and the current timestamp, its answer parsed and counted, and "applied once" checked
 * as above. The server is not told which driver runs.
 *
 * BENCH_CPU_PROF=1 writes a V8 CPU profile of the server (`server-process.ts`); BENCH_CALLS_PROF=<file> one
 * of the calls' window only. The line before the result, `{"tail": …}`, says where the latency tail comes
 * from inside the server (tail.ts: handler, store and statement spans, event-loop delay, GC pauses). Before the calls the server
 * is left idle for BENCH_IDLE_SECONDS (3): the `marginal…PerCall` figures are the run's less that idle
 * rate (projection polls, worker loops), so they depend less on the rate a loaded machine allows.
 *
 * Last stdout line: one JSON object { callsPerSecond, p50Ms, p99Ms, calls, errors, appliedOnce, … }.
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { createPostgresClient } from '@bashiri/eventstore';
import { betBody, fetchTransport, httpTransport, winBody } from './casino-driver.ts';
import { forkBenchServer } from './server-process.ts';
import { countingSql } from './statements.ts';
import { totalCpuSeconds, withApplicationName } from './pg-cpu.ts';
import { tailRecorder } from './tail.ts';
import type { TailReport } from './tail.ts';
import type { SqlClient, SqlExecutor } from '@bashiri/eventstore';

const URL_ = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 500);
/** `http` (default: node:http, keep-alive agent, native HMAC) or `fetch` (the earlier driver). */
const DRIVER = process.env.BENCH_DRIVER === 'fetch' ? 'fetch' : 'http';
const DEPOSIT = 10_000_000;
const STAKE = 100;
/**
 * Seconds of an idle window before the calls: the server's and PostgreSQL's CPU and the statements while
 * nothing is sent (projection polls, worker loops) — subtracted, at the same rate, from the run's to give
 * the marginal figures per call, which depend less on the rate a loaded machine lets the run reach.
 */
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 3);

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
    transaction: (fn) => tail.timed('sql transaction', () => inner.transaction((tx) => fn(wrap(tx)))),
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
  const counted = countingSql(pool);
  // Where the tail comes from (tail.ts): every statement timed by kind (pool wait + PostgreSQL).
  const tail = tailRecorder();
  const sql = timedSql(counted.sql, tail);
  const list = modules.filter((m) => m.name !== 'feed');
  for (const module of list)
    for (const projection of module.projections ?? []) {
      const mutable = projection as { applyBatch?: (...args: never[]) => Promise<void> };
      const apply = mutable.applyBatch;
      if (!apply) continue;
      // The batch with its awaits, and its first synchronous slice alone in CPU ms (process.cpuUsage:
      // on a loaded machine wall time would count the process being descheduled): the loop is blocked
      // for that long before any request waiting behind it runs.
      mutable.applyBatch = ((...args: never[]) =>
        tail.timed(`projection ${projection.name}`, () => {
          const cpu = process.cpuUsage();
          const running = apply.apply(projection, args);
          const used = process.cpuUsage(cpu);
          tail.span(`projection ${projection.name} sync cpu`, (used.user + used.system) / 1000);
          return running;
        })) as never;
    }
  const config = loadConfig({
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    DATABASE_URL: URL_,
    DATABASE_SCHEMA: schema,
  });
  const services = await openServices(config, list, { sql });
  const app = await buildApp(config, services, list, { authenticate });
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
    if (at !== undefined) tail.span(`handler ${request.url.split('/').pop()}`, performance.now() - at);
  });
  for (const module of list) if (module.start) await module.start(services);
  services.projections.start();
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
      tail.reset();
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
      return process.send!({ type: 'tail', report: tail.report() });
    }
    if (m.type === 'statements') return process.send!({ type: 'statements', n: counted.total() });
    if (m.type !== 'stop') return;
    if (process.env.BENCH_COUNT_SQL || process.env.BENCH_COUNT_STATEMENTS === '1')
      console.error(counted.report(Number.POSITIVE_INFINITY));
    await app.close();
    await services.projections.settle();
    process.exit(0);
  });
};

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const runDriver = async (): Promise<void> => {
  const schema = `bench_casino_${Date.now().toString(36)}`;
  const admin = await createPostgresClient({ connectionString: URL_ });
  await admin.query(`CREATE SCHEMA ${schema}`);
  const { child, ready } = await forkBenchServer<Ready>(import.meta.url, schema);
  const base = `http://127.0.0.1:${ready.port}`;
  const latencies: number[] = [];
  let errors = 0;
  let calls = 0;
  const statuses = new Map<string, number>();
  // The load generator (BENCH_DRIVER, see the header; casino-driver.ts).
  const transport =
    DRIVER === 'fetch'
      ? fetchTransport(base, 'sandbox', ready.secret)
      : httpTransport(ready.port, 'sandbox', ready.secret, CONNECTIONS);
  const send = async (method: string, text: string) => {
    const started = performance.now();
    try {
      const res = await transport.post(method, text);
      const answer = JSON.parse(res.answer) as { status?: string; code?: string; error?: { code?: string } };
      latencies.push(performance.now() - started);
      calls += 1;
      // An answer without a protocol status (a server error): counted by HTTP status and error code.
      const key = answer.status ?? `http ${res.status} ${answer.code ?? answer.error?.code ?? ''}`.trim();
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (answer.status !== 'RS_OK') errors += 1;
    } catch {
      errors += 1;
    }
  };
  child.send({ type: 'count' });
  // Cost per call, whatever else the machine runs: CPU of the server process and of its PostgreSQL
  // backends (by application_name), and statements sent by the server (projections included).
  const backends = async () =>
    (
      await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [
        schema,
      ])
    ).rows.map((r) => r.pid);
  const statementsNow = () =>
    new Promise<number>((resolve) => {
      const onMessage = (m: { type?: string; n?: number }) => {
        if (m.type !== 'statements') return;
        child.off('message', onMessage);
        resolve(m.n ?? 0);
      };
      child.on('message', onMessage);
      child.send({ type: 'statements' });
    });
  // The projections apply the seeding's events first (fundings, sessions): not part of the idle rate.
  if (IDLE_SECONDS > 0) await new Promise((resolve) => setTimeout(resolve, 2_000));
  const idlePgBefore = await totalCpuSeconds(await backends());
  const idleServerBefore = await totalCpuSeconds([child.pid!]);
  const idleStatementsBefore = await statementsNow();
  const idleStarted = performance.now();
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const idleSeconds = (performance.now() - idleStarted) / 1000;
  const pgBefore = await totalCpuSeconds(await backends());
  const serverBefore = await totalCpuSeconds([child.pid!]);
  const statementsBefore = await statementsNow();
  // Per second while idle: server CPU s, PostgreSQL CPU s, statements.
  const idle = {
    server: (serverBefore - idleServerBefore) / Math.max(idleSeconds, 1e-3),
    pg: (pgBefore - idlePgBefore) / Math.max(idleSeconds, 1e-3),
    statements: (statementsBefore - idleStatementsBefore) / Math.max(idleSeconds, 1e-3),
  };
  child.send({ type: 'tailReset' });
  const end = Date.now() + SECONDS * 1000;
  const driverCpuBefore = process.cpuUsage();
  const started = performance.now();
  let pairs = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, c) => {
      let k = 0;
      while (Date.now() < end) {
        const s = ready.sessions[(c + k * CONNECTIONS) % ready.sessions.length]!;
        k += 1;
        const roundId = randomUUID();
        await send('bet', betBody(s.token, roundId, STAKE));
        await send('win', winBody(s.token, roundId, k % 2 === 0 ? 190 : 0));
        pairs += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const driverCpuUsed = process.cpuUsage(driverCpuBefore);
  const driverCpu = (driverCpuUsed.user + driverCpuUsed.system) / 1e6;
  const serverCpu = (await totalCpuSeconds([child.pid!])) - serverBefore;
  const pgCpu = (await totalCpuSeconds(await backends())) - pgBefore;
  const statements = (await statementsNow()) - statementsBefore;
  const tailReport = await new Promise<TailReport>((resolve) => {
    const onMessage = (m: { type?: string; report?: TailReport }) => {
      if (m.type !== 'tail') return;
      child.off('message', onMessage);
      resolve(m.report!);
    };
    child.on('message', onMessage);
    child.send({ type: 'tail' });
  });
  // The projection catches up (at most 60 s) before the server stops.
  const accepted = statuses.get('RS_OK') ?? 0;
  for (let waited = 0; waited < 60_000; waited += 250) {
    const n = await admin.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${schema}.casino_transactions`,
    );
    if (n.rows[0]!.n >= accepted) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
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
  await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  await admin.close();
  latencies.sort((a, b) => a - b);
  const ok = accepted;
  const result = {
    bench: 'casino-wallet',
    seconds: Number(seconds.toFixed(1)),
    connections: CONNECTIONS,
    calls,
    pairs,
    callsPerSecond: Math.round(calls / seconds),
    p50Ms: Number(percentile(latencies, 50).toFixed(1)),
    p99Ms: Number(percentile(latencies, 99).toFixed(1)),
    errors,
    driver: DRIVER,
    driverCpuMsPerCall: Number(((driverCpu * 1000) / Math.max(1, calls)).toFixed(2)),
    serverCpuMsPerCall: Number(((serverCpu * 1000) / Math.max(1, calls)).toFixed(2)),
    pgCpuMsPerCall: Number(((pgCpu * 1000) / Math.max(1, calls)).toFixed(2)),
    statementsPerCall: Number((statements / Math.max(1, calls)).toFixed(2)),
    // The same less the idle window's rate over the run's seconds (BENCH_IDLE_SECONDS; 0: not measured).
    idleServerCpuMsPerSecond: Number((idle.server * 1000).toFixed(1)),
    idlePgCpuMsPerSecond: Number((idle.pg * 1000).toFixed(1)),
    idleStatementsPerSecond: Number(idle.statements.toFixed(1)),
    marginalServerCpuMsPerCall: Number(
      (((serverCpu - idle.server * seconds) * 1000) / Math.max(1, calls)).toFixed(2),
    ),
    marginalPgCpuMsPerCall: Number((((pgCpu - idle.pg * seconds) * 1000) / Math.max(1, calls)).toFixed(2)),
    marginalStatementsPerCall: Number(
      ((statements - idle.statements * seconds) / Math.max(1, calls)).toFixed(2),
    ),
    statuses: Object.fromEntries(statuses),
    readModelRows: rows.rows[0]!.n,
    appliedOnce: rows.rows[0]!.n === ok && mismatched.rows[0]!.n === 0,
    balanceMismatches: mismatched.rows[0]!.n,
  };
  // Where the tail comes from, inside the server (tail.ts): one line of JSON before the result.
  const latencyP = (p: number) => Number(percentile(latencies, p).toFixed(1));
  console.log(
    JSON.stringify({
      tail: {
        client: { p50: latencyP(50), p90: latencyP(90), p99: latencyP(99), max: latencyP(100) },
        ...tailReport,
      },
    }),
  );
  console.log(`casino wallet: ${result.callsPerSecond} calls/s, p99 ${result.p99Ms} ms, ${errors} errors`);
  console.log(JSON.stringify(result));
};

if (process.argv[2] === 'server') await runServer();
else await runDriver();
