/**
 * The player site's menus of the catalogue (spec §2 Layout left menu, §3 "Hot league"): countries with
 * their competitions, and the hot leagues, each with the count of matches the lists show now (the
 * §4 filter, `LISTED` of queries.ts). One query each.
 */
import type { SqlExecutor } from '@bashiri/eventstore';
import { LISTED } from './queries.ts';

/** The left menu (spec §2 Layout): countries with their competitions and listed match counts. One query. */
export const countryMenu = async (sql: SqlExecutor, now: number) => {
  const { rows } = await sql.query<{
    id: string;
    code: string;
    name: string;
    flag: string | null;
    comp_id: string;
    comp_name: string;
    n: string | number;
  }>(
    `SELECT co.id::text, co.code, co.name, co.flag, c.id::text AS comp_id, c.name AS comp_name, count(*) AS n
     FROM matches m JOIN competitions c ON c.id = m.competition_id JOIN countries co ON co.id = c.country_id
     WHERE ${LISTED}
     GROUP BY co.id, c.id ORDER BY co.sequence DESC, co.name, c.sequence DESC, c.name`,
    [new Date(now)],
  );
  const countries = new Map<
    string,
    {
      id: string;
      code: string;
      name: string;
      flag: string | null;
      matchCount: number;
      competitions: { id: string; name: string; countryId: string; matchCount: number }[];
    }
  >();
  for (const r of rows) {
    let country = countries.get(r.id);
    if (!country)
      countries.set(
        r.id,
        (country = { id: r.id, code: r.code, name: r.name, flag: r.flag, matchCount: 0, competitions: [] }),
      );
    country.matchCount += Number(r.n);
    country.competitions.push({ id: r.comp_id, name: r.comp_name, countryId: r.id, matchCount: Number(r.n) });
  }
  return [...countries.values()];
};

/** Hot leagues (spec §3 "Hot league"), by sorting then sequence, higher first, with listed match counts. */
export const popularCompetitions = async (sql: SqlExecutor, now: number) => {
  const { rows } = await sql.query<{
    id: string;
    title: string;
    icon: string | null;
    sorting: number;
    country_name: string | null;
    n: string | number;
  }>(
    `SELECT c.id::text, c.name AS title, c.logo AS icon, c.popular_sorting AS sorting, co.name AS country_name,
       (SELECT count(*) FROM matches m WHERE m.competition_id = c.id AND ${LISTED}) AS n
     FROM competitions c LEFT JOIN countries co ON co.id = c.country_id
     WHERE c.popular ORDER BY c.popular_sorting DESC, c.sequence DESC, c.name`,
    [new Date(now)],
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    icon: r.icon,
    sorting: r.sorting,
    countryName: r.country_name,
    matchCount: Number(r.n),
  }));
};
