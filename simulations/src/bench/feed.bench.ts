/**
 * `npm run bench:feed` (issue 4 "Benchmark"): bets settled per second when one match with 100,000 open
 * bets ends, on PostgreSQL (DATABASE_URL, else the local server), all settled exactly once. Last stdout
 * line: one JSON object of the figures. BENCH_BETS sets the number of bets.
 */
import { loadConfig, openServices, closeServices } from '@bashiri/api';
import { createPostgresClient } from '@bashiri/eventstore';
import { modules } from '../../../api/src/modules/index.ts';
import { measureSettlement } from './settlement.ts';

const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const schema = `bench_feed_${Date.now().toString(36)}`;
const sql = await createPostgresClient({ connectionString: url, schema, max: 10 });
const services = await openServices(loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: url }), modules, { sql });
const figures: Record<string, unknown> = {};
try {
  const bets = Number(process.env.BENCH_BETS ?? 100_000);
  const settlement = await measureSettlement(services, bets);
  console.log(
    `settlement: ${settlement.bets} bets on one match settled in ${settlement.settle_seconds} s = ${settlement.bets_settled_per_s}/s ` +
      `(target >= 3,000/s); exactly once: ${settlement.settled_exactly_once}; setup ${settlement.setup_seconds} s`,
  );
  Object.assign(
    figures,
    Object.fromEntries(Object.entries(settlement).map(([k, v]) => [`pg_settlement_${k}`, v])),
  );
} finally {
  await closeServices(services, { keepSql: true });
  await sql.query(`DROP SCHEMA ${schema} CASCADE`);
  await sql.close();
}
console.log(JSON.stringify(figures));
