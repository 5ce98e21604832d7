/**
 * Issue 4 "Real input": every football-data file in ../shared/data/football-data/ is imported (closing
 * market-average prices), then every imported 1X2, over/under 2.5 and Asian handicap outcome is settled
 * with the domain's settleLeg on the imported scores and compared with a computation written here
 * straight from the CSV columns (FTR, FTHG, FTAG, AHCh, AvgC*), with no domain code.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleLeg } from '@bashiri/domain';
import { openTestDatabase } from '@bashiri/eventstore/testing';
import { loadConfig } from '../../../config.ts';
import { closeServices, openServices } from '../../../services.ts';
import type { AppServices } from '../../../services.ts';
import { modules } from '../../index.ts';
import { legOfOutcome } from '../conventions.ts';
import { seedCatalogue } from '../seed.ts';
import { importFootballData } from './import.ts';
import type { ImportReport } from './import.ts';

const FOLDER =
  process.env.FOOTBALL_DATA_DIR ??
  fileURLToPath(new URL('../../../../../../shared/data/football-data/', import.meta.url));
const present = existsSync(FOLDER);
if (!present) console.warn(`real-input test skipped: no folder ${FOLDER} (set FOOTBALL_DATA_DIR)`);

/** Spec §4 outcome codes, written out here on purpose. */
const WON = 4,
  LOST = 3,
  VOID = 2,
  HALF_WON = 5,
  HALF_LOST = 6;

/** A price as the CSV gives it, or null when it is no price (empty, 0, below 1.01). */
const price = (cell: string | undefined): number | null => {
  const n = Number(cell);
  return cell === undefined || cell.trim() === '' || !Number.isFinite(n) || n < 1.01 ? null : n;
};

/** Asian handicap for a side whose goal difference is `margin` at handicap `line`: quarter lines split. */
const asian = (margin: number, line: number): number => {
  const quarters = Math.round(line * 4);
  const halves = quarters % 2 !== 0 ? [(quarters - 1) / 4, (quarters + 1) / 4] : [line, line];
  const sum = halves.map((h) => Math.sign(margin + h)).reduce((a, b) => a + b, 0);
  return { 2: WON, 1: HALF_WON, 0: VOID, [-1]: HALF_LOST, [-2]: LOST }[sum]!;
};

interface Expected {
  /** `<bettingTypeId>|<pick>|<line>` → outcome code and price. */
  readonly legs: Map<string, { code: number; odds: number }>;
  readonly awarded: boolean;
}

/** Expectations per match `<Div>:<season>:<home>:<away>`, straight from the CSV columns. */
const expectationsOf = (file: string): Map<string, Expected> => {
  const season = /(\d{4}-\d{2})/.exec(file)![1]!;
  const rows = parse(readFileSync(`${FOLDER}/${file}`, 'utf8'), { bom: true, columns: true }) as Record<
    string,
    string
  >[];
  const out = new Map<string, Expected>();
  for (const r of rows) {
    if (r['FTHG'] === '' || r['FTAG'] === '') continue;
    const key = `${r['Div']}:${season}:${r['HomeTeam']}:${r['AwayTeam']}`;
    const legs = new Map<string, { code: number; odds: number }>();
    const awarded = r['HTHG'] === '';
    const [h, a, d] = [price(r['AvgCH']), price(r['AvgCA']), price(r['AvgCD'])];
    if (h && a && d) {
      legs.set('69|home|', { code: r['FTR'] === 'H' ? WON : LOST, odds: h });
      legs.set('69|draw|', { code: r['FTR'] === 'D' ? WON : LOST, odds: d });
      legs.set('69|away|', { code: r['FTR'] === 'A' ? WON : LOST, odds: a });
    }
    const goals = Number(r['FTHG']) + Number(r['FTAG']);
    const [over, under] = [price(r['AvgC>2.5']), price(r['AvgC<2.5'])];
    if (over && under) {
      legs.set('47|over|2.5', { code: goals > 2.5 ? WON : LOST, odds: over });
      legs.set('47|under|2.5', { code: goals < 2.5 ? WON : LOST, odds: under });
    }
    const line = Number(r['AHCh']);
    const [ahHome, ahAway] = [price(r['AvgCAHH']), price(r['AvgCAHA'])];
    if (r['AHCh'] !== '' && Number.isFinite(line) && ahHome && ahAway) {
      const margin = Number(r['FTHG']) - Number(r['FTAG']);
      legs.set(`48|home|${line}`, { code: asian(margin, line), odds: ahHome });
      legs.set(`48|away|${-line || 0}`, { code: asian(-margin, -line), odds: ahAway });
    }
    out.set(key, { legs, awarded });
  }
  return out;
};

describe.skipIf(!present)(`real input: every football-data file in ${FOLDER}`, () => {
  let services: AppServices;
  const files = present
    ? readdirSync(FOLDER)
        .filter((f) => f.endsWith('.csv'))
        .sort()
    : [];
  const reports: ImportReport[] = [];
  let importSeconds = 0;

  beforeAll(async () => {
    const db = await openTestDatabase('pglite');
    services = await openServices(loadConfig({ LOG_LEVEL: 'silent' }), modules, { sql: db.sql });
    await seedCatalogue(services.sql);
    const started = performance.now();
    for (const file of files)
      reports.push(
        await importFootballData(services, readFileSync(`${FOLDER}/${file}`, 'utf8'), { source: file }),
      );
    importSeconds = (performance.now() - started) / 1000;
  }, 300_000);
  afterAll(async () => {
    await closeServices(services);
  });

  it('imports every row, skipping none, refusing only the documented prices', () => {
    const rows = reports.reduce((n, r) => n + r.rows, 0);
    const fixtures = reports.reduce((n, r) => n + r.fixtures, 0);
    const warnings = reports.flatMap((r) =>
      r.problems.filter((p) => p.line !== null).map((p) => `${r.source}:${p.line} ${p.reason}`),
    );
    console.log(
      `imported ${files.length} files, ${fixtures} matches in ${importSeconds.toFixed(1)} s; row warnings:\n  ${warnings.join('\n  ')}`,
    );
    expect(fixtures).toBe(rows);
    expect(reports.flatMap((r) => r.problems.filter((p) => p.level === 'error'))).toEqual([]);
    expect(warnings.some((w) => w.includes('AvgC>2.5 impossible price 0.42'))).toBe(true);
    expect(warnings.some((w) => w.includes('awarded result'))).toBe(true);
  });

  it('settles every imported 1X2, over/under 2.5 and Asian handicap leg as the CSV columns say', async () => {
    const started = performance.now();
    const expected = new Map<string, Expected>();
    for (const file of files) for (const [k, v] of expectationsOf(file)) expected.set(k, v);
    const { rows } = await services.sql.query<{
      source_key: string;
      home_score: number;
      away_score: number;
      ht_home_score: number | null;
      ht_away_score: number | null;
      awarded: boolean;
      betting_type_id: number;
      event_part_id: number;
      pick: string;
      line: string | null;
      odds: string;
    }>(
      `SELECT m.source_key, m.home_score, m.away_score, m.ht_home_score, m.ht_away_score, m.awarded,
              k.betting_type_id, k.event_part_id, o.pick, o.line::text, o.odds::text
       FROM outcomes o JOIN markets k ON k.id = o.market_id JOIN matches m ON m.id = k.match_id
       WHERE m.status = 3 AND k.status_id <> 4`,
    );
    const seen = new Map<string, Set<string>>();
    let legs = 0;
    let awardedSkipped = 0;
    const mismatches: string[] = [];
    for (const row of rows) {
      const key = row.source_key.replace(/^football-data:/, '');
      const want = expected.get(key);
      const legKey = `${row.betting_type_id}|${row.pick}|${row.line === null ? '' : Number(row.line)}`;
      if (!want) {
        mismatches.push(`${key}: imported but not in the CSV`);
        continue;
      }
      (seen.get(key) ?? seen.set(key, new Set()).get(key)!).add(legKey);
      if (want.awarded) {
        expect(row.ht_home_score).toBeNull();
        awardedSkipped++;
        continue;
      }
      const leg = legOfOutcome({
        bettingTypeId: row.betting_type_id,
        eventPartId: row.event_part_id,
        pick: row.pick,
        line: row.line,
        odds: row.odds,
      });
      const result = settleLeg(leg!, {
        status: 'played',
        halfTime: { home: row.ht_home_score!, away: row.ht_away_score! },
        fullTime: { home: row.home_score, away: row.away_score },
      });
      const wanted = want.legs.get(legKey);
      if (!wanted) mismatches.push(`${key} ${legKey}: imported but the CSV has no price`);
      else if (wanted.code !== result.outcome || wanted.odds !== Number(row.odds))
        mismatches.push(
          `${key} ${legKey}: domain ${result.outcome} @ ${row.odds}, CSV ${wanted.code} @ ${wanted.odds} (${result.rule})`,
        );
      legs++;
    }
    for (const [key, want] of expected)
      for (const legKey of want.legs.keys())
        if (!seen.get(key)?.has(legKey)) mismatches.push(`${key} ${legKey}: priced in the CSV, not imported`);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `settled ${legs} legs of ${expected.size} matches in ${seconds.toFixed(1)} s (${awardedSkipped} outcomes of awarded matches left to staff)`,
    );
    expect(mismatches.slice(0, 20)).toEqual([]);
    expect(legs).toBeGreaterThan(expected.size * 6);
  });

  it('records each result with a half-time score as a fixture fact, and none for the awarded one', async () => {
    const { rows } = await services.sql.query<{ id: string; awarded: boolean }>(
      `SELECT id::text, awarded FROM matches WHERE awarded OR source_key = (SELECT min(source_key) FROM matches WHERE status = 3)`,
    );
    for (const row of rows) {
      const stream = await services.store.readStream(`fixture-${row.id}`);
      expect(stream.events.map((e) => e.type)).toEqual(row.awarded ? [] : ['ResultRecorded']);
    }
    expect(reports.reduce((n, r) => n + r.resultsRecorded, 0)).toBe(
      reports.reduce((n, r) => n + r.fixtures, 0) - rows.filter((r) => r.awarded).length,
    );
  });

  it('changes nothing when a file is imported again', async () => {
    const again = await importFootballData(services, readFileSync(`${FOLDER}/${files[0]}`, 'utf8'), {
      source: files[0],
    });
    expect(again).toMatchObject({
      matchesInserted: 0,
      matchesUpdated: 0,
      outcomesInserted: 0,
      outcomesUpdated: 0,
      resultsRecorded: 0,
    });
  });
});
