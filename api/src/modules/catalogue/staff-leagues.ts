/**
 * Countries and leagues as the back office lists them (issue 4 item 7; spec §3 "Country", "Competition",
 * §5 "Bookmaker and country sequence: only numbers 0 to 100", "Competition roll-bet flag"; §6): every
 * country holding a competition, with every competition of it and its current settings — also those with
 * no match on the player lists now, which the left menu (`countryMenu`) leaves out, so that staff can set
 * a league's order or hot flag before its matches arrive.
 */
import type { SqlExecutor } from '@bashiri/eventstore';
import { LISTED } from './queries.ts';
import { competitionSettingsOf, countrySettingsOf } from './staff.ts';

/** GraphQL `StaffCompetition`. */
export interface StaffCompetitionView {
  readonly settings: ReturnType<typeof competitionSettingsOf>;
  readonly countryId: string;
  readonly matchCount: number;
  readonly listedCount: number;
}

/** GraphQL `StaffCountry`. */
export interface StaffCountryView {
  readonly settings: ReturnType<typeof countrySettingsOf>;
  readonly flag: string | null;
  readonly matchCount: number;
  readonly listedCount: number;
  readonly competitions: StaffCompetitionView[];
}

/**
 * Every country with a competition, by country sequence (higher first) then name, each with its
 * competitions by sequence then name, and the match counts: all matches in the catalogue, and those the
 * player lists show at `now` (spec §4 "Match list filtering"). Competitions without a country are not
 * listed (the importer and the demo feed always give one).
 */
export const staffCountries = async (sql: SqlExecutor, now: number): Promise<StaffCountryView[]> => {
  const { rows } = await sql.query<Record<string, unknown>>(
    `SELECT co.id AS country_id, co.code, co.name AS country_name, co.flag, co.sequence AS country_sequence,
            c.id, c.name, c.sequence, c.popular, c.popular_sorting, c.today_popular, c.roll_bet,
            (SELECT count(*) FROM matches m WHERE m.competition_id = c.id)::int AS match_count,
            (SELECT count(*) FROM matches m WHERE m.competition_id = c.id AND ${LISTED})::int AS listed_count
     FROM competitions c JOIN countries co ON co.id = c.country_id
     ORDER BY co.sequence DESC, co.name, co.id, c.sequence DESC, c.name, c.id`,
    [new Date(now)],
  );
  const countries = new Map<string, { -readonly [K in keyof StaffCountryView]: StaffCountryView[K] }>();
  for (const r of rows) {
    const countryId = String(r['country_id']);
    let country = countries.get(countryId);
    if (!country) {
      country = {
        settings: countrySettingsOf({
          id: countryId,
          code: r['code'],
          name: r['country_name'],
          sequence: r['country_sequence'],
        }),
        flag: (r['flag'] as string | null) ?? null,
        matchCount: 0,
        listedCount: 0,
        competitions: [],
      };
      countries.set(countryId, country);
    }
    const competition: StaffCompetitionView = {
      settings: competitionSettingsOf(r),
      countryId,
      matchCount: Number(r['match_count']),
      listedCount: Number(r['listed_count']),
    };
    country.competitions.push(competition);
    country.matchCount += competition.matchCount;
    country.listedCount += competition.listedCount;
  }
  return [...countries.values()];
};
