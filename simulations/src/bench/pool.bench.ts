/**
 * `npm run bench:pool` (issue 18 "Speed"): one jackpot issue of BENCH_TICKETS tickets (default 100,000,
 * each with 0 to 5 doubles) on PostgreSQL (DATABASE_URL, else the local server) in a fresh schema.
 *
 * 1. Buying through GraphQL over HTTP: the SERVER (this file with argument `server`, forked, so the load
 *    generator never steals its event loop) runs every module as `npm start` does (the live feed off),
 *    seeds the pool types, 13 matches, the issue and BENCH_PLAYERS (500) funded players with a session
 *    each, and listens; the DRIVER (this process) buys `buyPoolTicket` from BENCH_CONNECTIONS (32)
 *    connections for BENCH_HTTP_SECONDS (20): tickets per second, p50/p99 latency, errors, and the
 *    server's CPU per ticket.
 * 2. The rest of the tickets bought in process (`buyPoolTicket`, 32 at a time; the server stopped).
 * 3. Settlement when the 13 matches end (the settlement process manager, in process: issue settled,
 *    every ticket settled and its prize credited, a chunk at a time), until the read model shows every
 *    ticket settled. Checks every ticket settled exactly once and each prize credited once.
 *
 * Last stdout line: one JSON object of the figures.
 */
import { createPostgresClient, handleCommand } from '@bashiri/eventstore';
import { fixtureDecider, fixtureStream, PAY_TYPE_BALANCE } from '@bashiri/domain';
import { pgBackendCpu, withApplicationName } from './pg-cpu.ts';
import { forkBenchServer } from './server-process.ts';

const URL_ = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 500);
const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS ?? 32);
const HTTP_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 20);
const OUTCOMES = ['1', 'X', '2'] as const;
const HOUR = 3_600_000;

interface Ready {
  readonly type: 'ready';
  readonly port: number;
  readonly now: number;
  readonly issueId: string;
  readonly matchIds: readonly string[];
  readonly tokens: readonly string[];
}

/** A deterministic spread of tickets: ticket k has k mod 6 doubles. */
const ticketOf = (matchIds: readonly string[], k: number) => {
  const doubles = k % 6;
  const picks = matchIds.map((matchId, i) => ({
    matchId,
    outcomes:
      i < doubles ? [OUTCOMES[(k + i) % 3]!, OUTCOMES[(k + i + 1) % 3]!] : [OUTCOMES[(k * 7 + i) % 3]!],
  }));
  return { picks, stake: 2 ** doubles * 1_000 };
};

// ---- the server process ------------------------------------------------------------------------------

const runServer = async (): Promise<void> => {
  const api = await import('@bashiri/api');
  const { insertTestMatch } = await import('@bashiri/api/testing/catalogue');
  const schema = process.env.BENCH_SCHEMA!;
  const sql = await createPostgresClient({ connectionString: URL_, schema, max: 20 });
  const modules = api.modules.map((m) => (m.name === 'feed' ? api.createFeedModule({ enabled: false }) : m));
  const config = api.loadConfig({
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    DATABASE_URL: URL_,
    DATABASE_SCHEMA: schema,
    TRUST_PROXY: '127.0.0.1',
  });
  const services = await api.openServices(config, modules, { sql });
  const app = await api.buildApp(config, services, modules, { authenticate: api.authenticate });
  const stops: (() => Promise<void>)[] = [];
  for (const module of modules) if (module.start) stops.push(await module.start(services));
  services.projections.start();
  const now = services.now();
  await api.seedPoolTypes(services.sql);
  const matchIds: string[] = [];
  for (let i = 0; i < 13; i++)
    matchIds.push(
      (
        await insertTestMatch(services.sql, {
          home: `Home ${i}`,
          away: `Away ${i}`,
          startTime: new Date(now + HOUR + i * 60_000),
        })
      ).matchId,
    );
  const created = await api.createPoolIssue(
    services,
    { kind: 'staff', id: 'bench' },
    api.JACKPOT_TYPE_ID,
    matchIds,
  );
  if (!created.ok) throw new Error(created.error.code);
  const tokens: string[] = [];
  await services.sql.transaction(async (tx) => {
    for (let p = 0; p < PLAYERS; p++)
      tokens.push(
        (await api.openSession(tx, 'player', `bench-${p}`, now, { ip: null, userAgent: 'bench' })).token,
      );
  });
  const at = new Date(now).toISOString();
  await Promise.all(
    Array.from({ length: PLAYERS }, async (_, p) => {
      const result = await api.walletOf(services).run({
        type: 'AdjustPocket',
        userId: `bench-${p}`,
        movementId: 'bench-credit',
        at,
        actor: { kind: 'staff', id: 'bench' },
        pocket: 'balance',
        amount: 100_000_000,
        reference: 'bench',
        reason: 'bench credit',
      });
      if (!result.ok) throw new Error(`funding failed: ${result.error.code}`);
    }),
  );
  await services.projections.settle();
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  const cpuStart = process.cpuUsage();
  process.send!({
    type: 'ready',
    port,
    now,
    issueId: created.value.issueId,
    matchIds,
    tokens,
  } satisfies Ready);
  process.on('message', async (m: { type: string }) => {
    if (m.type !== 'stop') return;
    const cpu = process.cpuUsage(cpuStart);
    await app.close();
    for (const stop of stops) await stop();
    await api.closeServices(services, { keepSql: true });
    await sql.close();
    process.send!({ type: 'cpu', ms: (cpu.user + cpu.system) / 1_000 }, () => process.exit(0));
  });
};

// ---- the driver ----------------------------------------------------------------------------------------

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const BUY = `mutation ($input: BuyPoolTicketInput!) { buyPoolTicket(input: $input) { ticketId } }`;

/** Buys through GraphQL over HTTP for {@link HTTP_SECONDS}; answers the figures and the tickets bought. */
const buyOverHttp = async (ready: Ready) => {
  const url = `http://127.0.0.1:${ready.port}/graphql`;
  const latencies: number[] = [];
  let errors = 0;
  let firstError = '';
  let next = 0;
  const end = Date.now() + HTTP_SECONDS * 1_000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end && next < TICKETS) {
        const k = next++;
        const p = k % PLAYERS;
        const { picks, stake } = ticketOf(ready.matchIds, k);
        const sent = performance.now();
        try {
          const res = await fetch(url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${ready.tokens[p]!}`,
              'x-forwarded-for': `10.${(p >> 16) & 255}.${(p >> 8) & 255}.${p & 255}`,
            },
            body: JSON.stringify({
              query: BUY,
              variables: { input: { requestId: `h${k}`, issueId: ready.issueId, stake, picks } },
            }),
          });
          const answer = (await res.json()) as { data?: { buyPoolTicket?: unknown }; errors?: unknown[] };
          latencies.push(performance.now() - sent);
          if (!answer.data?.buyPoolTicket) {
            errors += 1;
            firstError ||= `http ${res.status} ${JSON.stringify(answer.errors ?? answer).slice(0, 300)}`;
          }
        } catch (error) {
          errors += 1;
          firstError ||= String(error);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1_000;
  latencies.sort((a, b) => a - b);
  return { sent: next, bought: latencies.length - errors, seconds, latencies, errors, firstError };
};

const runDriver = async (): Promise<void> => {
  const schema = `bench_pool_${Date.now().toString(36)}`;
  const admin = await createPostgresClient({ connectionString: URL_ });
  await admin.query(`CREATE SCHEMA ${schema}`);
  const figures: Record<string, unknown> = {};
  try {
    // 1. Over HTTP against the forked server.
    const { child, ready } = await forkBenchServer<Ready>(import.meta.url, schema);
    const http = await buyOverHttp(ready);
    const serverCpu = new Promise<number>((resolve) =>
      child.on('message', (m: { type: string; ms?: number }) => m.type === 'cpu' && resolve(m.ms!)),
    );
    child.send({ type: 'stop' });
    const cpuMs = await serverCpu;
    await new Promise((resolve) => child.once('exit', resolve));
    Object.assign(figures, {
      http_tickets: http.bought,
      http_seconds: Number(http.seconds.toFixed(1)),
      http_tickets_per_s: Math.round(http.bought / http.seconds),
      http_buy_p50_ms: Number(percentile(http.latencies, 50).toFixed(1)),
      http_buy_p99_ms: Number(percentile(http.latencies, 99).toFixed(1)),
      http_errors: http.errors,
      http_server_cpu_ms_per_ticket: Number((cpuMs / Math.max(1, http.sent)).toFixed(2)),
    });
    console.log(
      `over HTTP: ${http.bought} tickets in ${http.seconds.toFixed(1)} s, p99 ${figures['http_buy_p99_ms']} ms, ${http.errors} errors${http.firstError ? ` (first: ${http.firstError})` : ''}`,
    );

    // 2. and 3. In process: the rest of the tickets, then the settlement.
    const api = await import('@bashiri/api');
    const sql = await createPostgresClient({
      connectionString: withApplicationName(URL_, schema),
      schema,
      max: 10,
    });
    let now = ready.now;
    const services = await api.openServices(
      api.loadConfig({ LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent', DATABASE_URL: URL_ }),
      api.modules,
      { sql, now: () => now },
    );
    try {
      await services.projections.settle();
      let next = http.sent;
      let refused = 0;
      const buyStarted = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < TICKETS) {
            const k = next++;
            const { picks, stake } = ticketOf(ready.matchIds, k);
            const answer = await api.buyPoolTicket(services, `bench-${k % PLAYERS}`, {
              requestId: `t${k}`,
              issueId: ready.issueId,
              picks,
              stake,
              payType: PAY_TYPE_BALANCE,
            });
            if (!answer.ok && refused++ === 0) console.log(`first refusal: ${answer.error.code}`);
          }
        }),
      );
      const buySeconds = (performance.now() - buyStarted) / 1_000;
      const inProcess = TICKETS - http.sent - refused;
      console.log(
        `bought ${inProcess} tickets in process in ${buySeconds.toFixed(1)} s (${refused} refused)`,
      );
      now += 3 * HOUR;
      for (const [i, matchId] of ready.matchIds.entries())
        await handleCommand(services.store, fixtureStream(matchId), fixtureDecider, {
          type: 'RecordResult',
          matchId,
          actor: { kind: 'staff', id: 'bench' },
          at: new Date(now).toISOString(),
          halfTime: { home: 0, away: 0 },
          fullTime: { home: i % 3 === 0 ? 1 : 0, away: i % 3 === 2 ? 1 : 0 },
        });
      const pgCpu = await pgBackendCpu(sql, schema);
      const settleStarted = performance.now();
      const cpuStart = process.cpuUsage();
      for (let round = 0; round < 50; round++) {
        await api.poolRound(services);
        const open = await services.sql.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pool_tickets WHERE status <> 'settled'`,
        );
        if (open.rows[0]!.n === 0) break;
      }
      const settleSeconds = (performance.now() - settleStarted) / 1_000;
      const cpu = process.cpuUsage(cpuStart);
      const pgSeconds = await pgCpu();
      // Every other read model (wallets, bills, statistics) caught up too: the work the server's
      // background runner does after the worker (decision 0136), timed from the same start.
      await services.projections.settle();
      const allSeconds = (performance.now() - settleStarted) / 1_000;
      const allCpu = process.cpuUsage(cpuStart);
      const allPgSeconds = await pgCpu();
      // From the read models: each ticket settled on settlement 1, and one prize credit (bill type 1,
      // movement `poolticket-<id>:settle:1`) per winning ticket, none twice.
      const check = await services.sql.query<{
        tickets: number;
        settled: number;
        credits: number;
        distinct_credits: number;
        winners: number;
      }>(
        `SELECT (SELECT count(*)::int FROM pool_tickets) AS tickets,
              (SELECT count(*)::int FROM pool_tickets WHERE status = 'settled' AND settlement_no = 1) AS settled,
              (SELECT count(*)::int FROM bills WHERE bill_type = 1 AND movement_id LIKE 'poolticket-%:settle:%') AS credits,
              (SELECT count(DISTINCT movement_id)::int FROM bills WHERE bill_type = 1 AND movement_id LIKE 'poolticket-%:settle:%') AS distinct_credits,
              (SELECT count(*)::int FROM pool_tickets WHERE (prize->>'net')::bigint > 0 AND NOT (prize->>'needsApproval')::boolean) AS winners`,
      );
      const c = check.rows[0]!;
      Object.assign(figures, {
        tickets: c.tickets,
        buy_seconds: Number(buySeconds.toFixed(2)),
        tickets_bought_per_s: Math.round(inProcess / buySeconds),
        settle_seconds: Number(settleSeconds.toFixed(2)),
        tickets_settled_per_s: Math.round(c.settled / settleSeconds),
        settle_cpu_ms_per_ticket: Number(
          ((cpu.user + cpu.system) / 1_000 / Math.max(1, c.settled)).toFixed(3),
        ),
        // This process's PostgreSQL backends meanwhile (pg-cpu.ts; null when the server is not local).
        settle_pg_cpu_ms_per_ticket:
          pgSeconds === null ? null : Number(((pgSeconds * 1_000) / Math.max(1, c.settled)).toFixed(3)),
        read_models_seconds: Number(allSeconds.toFixed(2)),
        read_models_cpu_ms_per_ticket: Number(
          ((allCpu.user + allCpu.system) / 1_000 / Math.max(1, c.settled)).toFixed(3),
        ),
        read_models_pg_cpu_ms_per_ticket:
          allPgSeconds === null ? null : Number(((allPgSeconds * 1_000) / Math.max(1, c.settled)).toFixed(3)),
        settled_exactly_once:
          c.settled === c.tickets && c.credits === c.winners && c.distinct_credits === c.credits,
        winners_credited: c.credits,
      });
      console.log(
        `settled ${c.settled} of ${c.tickets} tickets in ${settleSeconds.toFixed(1)} s; ${c.credits} prizes credited for ${c.winners} winning tickets`,
      );
    } finally {
      await api.closeServices(services, { keepSql: true });
      await sql.close();
    }
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.close();
  }
  console.log(JSON.stringify(figures));
};

if (process.argv[2] === 'server') await runServer();
else await runDriver();
