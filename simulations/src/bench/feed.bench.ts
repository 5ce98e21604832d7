/**
 * `npm run bench:feed` (issue 4 "Benchmark"): bets settled per second when one match with 100,000 open
 * bets ends, on PostgreSQL (DATABASE_URL, else the local server), all settled exactly once. Last stdout
 * line: one JSON object of the figures. BENCH_BETS sets the number of bets. Also the seconds to import
 * one season of football-data (the 2023-24 Premier League) when ../shared/data is present.
 */
import {
  closeServices,
  importFootballData,
  loadConfig,
  modules,
  openServices,
  seedCatalogue,
} from '@bashiri/api';
import { createPostgresClient } from '@bashiri/eventstore';
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withApplicationName } from './pg-cpu.ts';
import { measureSettlement } from './settlement.ts';

/** One season of the Premier League from ../shared/data (or FOOTBALL_DATA_DIR), when present. */
const seasonFile = (): string | null => {
  const dir =
    process.env.FOOTBALL_DATA_DIR ??
    fileURLToPath(new URL('../../../../shared/data/football-data/', import.meta.url));
  const file = `${dir.replace(/\/$/, '')}/E0-2023-24.csv`;
  return existsSync(file) ? file : null;
};

const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const schema = `bench_feed_${Date.now().toString(36)}`;
const sql = await createPostgresClient({
  connectionString: withApplicationName(url, schema),
  schema,
  max: 10,
});
const services = await openServices(loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: url }), modules, { sql });
const figures: Record<string, unknown> = {};
try {
  const file = seasonFile();
  if (file) {
    const text = await readFile(file, 'utf8');
    await seedCatalogue(services.sql);
    const started = performance.now();
    const report = await importFootballData(services, text, { source: 'E0-2023-24.csv' });
    const seconds = (performance.now() - started) / 1_000;
    console.log(
      `import: one season (${report.fixtures} matches, ${report.outcomesInserted} outcomes, ${report.resultsRecorded} results) in ${seconds.toFixed(1)} s`,
    );
    Object.assign(figures, {
      pg_import_season_seconds: Number(seconds.toFixed(2)),
      pg_import_season_matches: report.fixtures,
    });
  } else {
    console.log('import: skipped, no ../shared/data/football-data/E0-2023-24.csv (set FOOTBALL_DATA_DIR)');
  }
  const bets = Number(process.env.BENCH_BETS ?? 100_000);
  const settlement = await measureSettlement(services, bets, schema);
  console.log(
    `settlement: ${settlement.bets} bets on one match settled in ${settlement.settle_seconds} s = ${settlement.bets_settled_per_s}/s ` +
      `(target >= 3,000/s; ${settlement.queued_seconds} s of it queueing); exactly once: ${settlement.settled_exactly_once}; ` +
      `setup ${settlement.setup_seconds} s; CPU per bet: Node ${settlement.node_cpu_ms_per_bet} ms, PostgreSQL ${settlement.pg_cpu_ms_per_bet} ms`,
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
