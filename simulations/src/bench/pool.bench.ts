/**
 * `npm run bench:pool` (issue 18 "Speed"): jackpot tickets bought per second through the money path
 * (in process, `buyPoolTicket`, 32 at a time) and settled per second when the 13 matches end (the
 * settlement process manager: issue settled, every ticket settled and its prize credited), on
 * PostgreSQL (DATABASE_URL, else the local server) in a fresh schema. BENCH_TICKETS sets the number of
 * tickets (default 10,000), each with 0 to 5 doubles. Checks every ticket settled exactly once. Last
 * stdout line: one JSON object of the figures.
 */
import {
  buyPoolTicket,
  closeServices,
  createPoolIssue,
  JACKPOT_TYPE_ID,
  loadConfig,
  modules,
  moveMoney,
  openServices,
  poolRound,
  seedPoolTypes,
} from '@bashiri/api';
import { insertTestMatch } from '@bashiri/api/testing/catalogue';
import { fixtureDecider, fixtureStream, PAY_TYPE_BALANCE } from '@bashiri/domain';
import { createPostgresClient, handleCommand } from '@bashiri/eventstore';

const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const schema = `bench_pool_${Date.now().toString(36)}`;
const sql = await createPostgresClient({ connectionString: url, schema, max: 10 });
let now = Date.parse('2026-11-21T09:00:00Z');
const services = await openServices(loadConfig({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', DATABASE_URL: url }), modules, {
  sql,
  now: () => now,
});
const TICKETS = Number(process.env.BENCH_TICKETS ?? 10_000);
const PLAYERS = 500;
const CONCURRENCY = 32;
const OUTCOMES = ['1', 'X', '2'] as const;
const figures: Record<string, unknown> = {};
try {
  await services.projections.settle();
  await seedPoolTypes(services.sql);
  const matchIds: string[] = [];
  for (let i = 0; i < 13; i++)
    matchIds.push(
      (
        await insertTestMatch(services.sql, {
          home: `Home ${i}`,
          away: `Away ${i}`,
          startTime: new Date(now + 3_600_000 + i * 60_000),
        })
      ).matchId,
    );
  const created = await createPoolIssue(services, { kind: 'staff', id: 'bench' }, JACKPOT_TYPE_ID, matchIds);
  if (!created.ok) throw new Error(created.error.code);
  const issueId = created.value.issueId;
  for (let p = 0; p < PLAYERS; p++)
    await moveMoney<undefined, never, undefined, unknown>(services, {
      userId: `bench-${p}`,
      idempotencyKey: 'credit',
      decide: ({ wallet }) => ({
        answer: wallet.pay({
          type: 'AdjustPocket',
          userId: `bench-${p}`,
          movementId: 'bench-credit',
          at: new Date(now).toISOString(),
          actor: { kind: 'staff', id: 'bench' },
          pocket: 'balance',
          amount: 100_000_000,
          reference: 'bench',
          reason: 'bench credit',
        }),
      }),
    });
  // A deterministic spread of tickets: ticket k has k mod 6 doubles.
  const ticket = (k: number) => {
    const doubles = k % 6;
    const picks = matchIds.map((matchId, i) => ({
      matchId,
      outcomes:
        i < doubles ? [OUTCOMES[(k + i) % 3]!, OUTCOMES[(k + i + 1) % 3]!] : [OUTCOMES[(k * 7 + i) % 3]!],
    }));
    return { picks, stake: 2 ** doubles * 1_000 };
  };
  let next = 0;
  let refused = 0;
  const buyStarted = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < TICKETS) {
        const k = next++;
        const { picks, stake } = ticket(k);
        const answer = await buyPoolTicket(services, `bench-${k % PLAYERS}`, {
          requestId: `t${k}`,
          issueId,
          picks,
          stake,
          payType: PAY_TYPE_BALANCE,
        });
        if (!answer.ok && refused++ === 0) console.log(`first refusal: ${answer.error.code}`);
      }
    }),
  );
  const buySeconds = (performance.now() - buyStarted) / 1_000;
  console.log(`bought ${TICKETS - refused} tickets in ${buySeconds.toFixed(1)} s (${refused} refused)`);
  now += 3 * 3_600_000;
  for (const [i, matchId] of matchIds.entries())
    await handleCommand(services.store, fixtureStream(matchId), fixtureDecider, {
      type: 'RecordResult',
      matchId,
      actor: { kind: 'staff', id: 'bench' },
      at: new Date(now).toISOString(),
      halfTime: { home: 0, away: 0 },
      fullTime: { home: i % 3 === 0 ? 1 : 0, away: i % 3 === 2 ? 1 : 0 },
    });
  const settleStarted = performance.now();
  for (let round = 0; round < 20; round++) {
    await poolRound(services);
    const open = await services.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pool_tickets WHERE status <> 'settled'`,
    );
    if (open.rows[0]!.n === 0) break;
  }
  if (process.env.DBG) console.log(JSON.stringify((await services.sql.query(`SELECT status, results, settlement_no, tickets FROM pool_issues`)).rows), JSON.stringify((await services.sql.query(`SELECT kind, count(*) FROM pool_work GROUP BY kind`)).rows), JSON.stringify((await services.sql.query(`SELECT name, position, events_applied FROM projection_checkpoints`)).rows));
  const settleSeconds = (performance.now() - settleStarted) / 1_000;
  await services.projections.settle();
  // From the read models: each ticket settled on settlement 1, and one prize credit (bill type 1, movement
  // `poolticket-<id>:settle:1`) per winning ticket, none twice.
  const check = await services.sql.query<{
    settled: number;
    credits: number;
    distinct_credits: number;
    winners: number;
  }>(
    `SELECT (SELECT count(*)::int FROM pool_tickets WHERE status = 'settled' AND settlement_no = 1) AS settled,
            (SELECT count(*)::int FROM bills WHERE bill_type = 1 AND movement_id LIKE 'poolticket-%:settle:%') AS credits,
            (SELECT count(DISTINCT movement_id)::int FROM bills WHERE bill_type = 1 AND movement_id LIKE 'poolticket-%:settle:%') AS distinct_credits,
            (SELECT count(*)::int FROM pool_tickets WHERE (prize->>'net')::bigint > 0 AND NOT (prize->>'needsApproval')::boolean) AS winners`,
  );
  const c = check.rows[0]!;
  const bought = TICKETS - refused;
  Object.assign(figures, {
    tickets: bought,
    buy_seconds: Number(buySeconds.toFixed(2)),
    tickets_bought_per_s: Math.round(bought / buySeconds),
    settle_seconds: Number(settleSeconds.toFixed(2)),
    tickets_settled_per_s: Math.round(c.settled / settleSeconds),
    settled_exactly_once: c.settled === bought && c.credits === c.winners && c.distinct_credits === c.credits,
    winners_credited: c.credits,
  });
  console.log(
    `settled ${c.settled} tickets in ${settleSeconds.toFixed(1)} s; ${c.credits} prizes credited for ${c.winners} winning tickets`,
  );
} finally {
  await closeServices(services, { keepSql: true });
  await sql.query(`DROP SCHEMA ${schema} CASCADE`);
  await sql.close();
}
console.log(JSON.stringify(figures));
