/**
 * Idempotent catalogue seeding at start (issue 4 item 1): every ISO country from the `countries-list`
 * package (alpha-2, name, emoji flag, dialling code, continent) plus football's pseudo-countries, the
 * betting-type catalogue and the bookmakers. Existing rows are never overwritten, so staff edits
 * (sequence, bet status, margin…) survive restarts. What it inserts is audited as `system:catalogue-seed`.
 */
import { countries, getEmojiFlag } from 'countries-list';
import type { TCountryCode } from 'countries-list';
import type { SqlClient } from '@bashiri/eventstore';
import { audit } from '../audit/index.ts';
import { BETTING_TYPES, BOOKMAKERS, PSEUDO_COUNTRIES } from './seed-data.ts';

/** Rows inserted by one {@link seedCatalogue} run (all zero on a seeded database). */
export interface SeedReport {
  readonly countries: number;
  readonly bettingTypes: number;
  readonly bookmakers: number;
}

const countryRows = () => {
  const iso = Object.entries(countries).map(([code, c]) => ({
    code,
    name: c.name,
    flag: getEmojiFlag(code as TCountryCode),
    diallingCode: c.phone[0] === undefined ? null : `+${c.phone[0]}`,
    region: c.continent as string,
    pseudo: false,
  }));
  return [...iso, ...PSEUDO_COUNTRIES.map((p) => ({ ...p, pseudo: true }))];
};

/** Inserts what is missing; returns how many rows of each kind it inserted. */
export const seedCatalogue = async (sql: SqlClient): Promise<SeedReport> =>
  sql.transaction(async (tx) => {
    const c = countryRows();
    const insertedCountries = await tx.query(
      `INSERT INTO countries (code, name, flag, dialling_code, region, pseudo)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[])
       ON CONFLICT (code) DO NOTHING RETURNING id`,
      [
        c.map((r) => r.code),
        c.map((r) => r.name),
        c.map((r) => r.flag),
        c.map((r) => r.diallingCode),
        c.map((r) => r.region),
        c.map((r) => r.pseudo),
      ],
    );
    const b = BETTING_TYPES;
    const insertedTypes = await tx.query(
      `INSERT INTO betting_types (id, name, description, sport, priced, handicap, over_under)
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::boolean[], $6::boolean[], $7::boolean[])
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        b.map((t) => t.id),
        b.map((t) => t.name),
        b.map((t) => t.description),
        b.map((t) => t.sport),
        b.map((t) => t.priced),
        b.map((t) => t.handicap ?? false),
        b.map((t) => t.overUnder ?? false),
      ],
    );
    const insertedBookmakers = await tx.query(
      `INSERT INTO bookmakers (code, name)
       SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING RETURNING id`,
      [BOOKMAKERS.map((m) => m.code), BOOKMAKERS.map((m) => m.name)],
    );
    const report: SeedReport = {
      countries: insertedCountries.rows.length,
      bettingTypes: insertedTypes.rows.length,
      bookmakers: insertedBookmakers.rows.length,
    };
    if (report.countries + report.bettingTypes + report.bookmakers > 0)
      await audit(tx, {
        actor: 'system:catalogue-seed',
        action: 'catalogue.seed',
        entity: 'catalogue',
        after: report,
      });
    return report;
  });
