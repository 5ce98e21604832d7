/**
 * A small football catalogue for tests: one competition, matches with 1X2 and over/under 2.5 markets,
 * inserted straight into the catalogue tables.
 */
import type { SqlExecutor } from '@bashiri/eventstore';

export interface TestMatch {
  readonly matchId: string;
  /** Selection ids by pick: home, draw, away, over, under. */
  readonly outcomes: Readonly<Record<'home' | 'draw' | 'away' | 'over' | 'under', string>>;
}

const seeded = new WeakSet<SqlExecutor>();

export const insertTestMatch = async (
  sql: SqlExecutor,
  options: {
    home: string;
    away: string;
    startTime: Date;
    status?: number;
    odds?: Partial<Record<keyof TestMatch['outcomes'], string>>;
  },
): Promise<TestMatch> => {
  if (!seeded.has(sql)) {
    await sql.query(
      `INSERT INTO countries (code, name) VALUES ('TZ', 'Tanzania') ON CONFLICT (code) DO NOTHING`,
    );
    await sql.query(
      `INSERT INTO competitions (source_key, name, country_id) SELECT 'test:league', 'Test League', id FROM countries WHERE code = 'TZ'
       ON CONFLICT (source_key) DO NOTHING`,
    );
    for (const [id, name, ou] of [
      [69, 'Home Draw Away', false],
      [47, 'Over/Under', true],
    ] as const) {
      await sql.query(
        `INSERT INTO betting_types (id, name, priced, over_under) VALUES ($1, $2, true, $3) ON CONFLICT (id) DO NOTHING`,
        [id, name, ou],
      );
    }
    seeded.add(sql);
  }
  const team = async (name: string) =>
    (
      await sql.query<{ id: number }>(
        `INSERT INTO teams (source_key, name) VALUES ($1, $2) ON CONFLICT (source_key) DO UPDATE SET name = $2 RETURNING id`,
        [`test:${name}`, name],
      )
    ).rows[0]!.id;
  const [homeId, awayId] = [await team(options.home), await team(options.away)];
  const match = await sql.query<{ id: string }>(
    `INSERT INTO matches (competition_id, home_team_id, away_team_id, start_time, status)
     SELECT id, $1, $2, $3, $4 FROM competitions WHERE source_key = 'test:league' RETURNING id::text`,
    [homeId, awayId, options.startTime.toISOString(), options.status ?? 1],
  );
  const matchId = match.rows[0]!.id;
  const odds = { home: '2.00', draw: '3.40', away: '3.60', over: '1.90', under: '1.90', ...options.odds };
  const market = async (typeId: number, line: string | null) =>
    (
      await sql.query<{ id: string }>(
        `INSERT INTO markets (match_id, betting_type_id, line, is_live) VALUES ($1, $2, $3, true) RETURNING id::text`,
        [matchId, typeId, line],
      )
    ).rows[0]!.id;
  const outcome = async (
    marketId: string,
    typeId: number,
    name: string,
    pick: string,
    line: string | null,
    price: string,
    participant: number | null = null,
  ) =>
    (
      await sql.query<{ id: string }>(
        `INSERT INTO outcomes (market_id, type_id, participant_id, name, pick, line, odds_original, odds)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id::text`,
        [marketId, typeId, participant, name, pick, line, price],
      )
    ).rows[0]!.id;
  const x12 = await market(69, null);
  const ou = await market(47, '2.5');
  return {
    matchId,
    outcomes: {
      home: await outcome(x12, 10, options.home, 'home', null, odds.home, homeId),
      draw: await outcome(x12, 11, 'Draw', 'draw', null, odds.draw),
      away: await outcome(x12, 10, options.away, 'away', null, odds.away, awayId),
      over: await outcome(ou, 12, 'Over 2.5', 'over', '2.5', odds.over),
      under: await outcome(ou, 13, 'Under 2.5', 'under', '2.5', odds.under),
    },
  };
};

/**
 * Inserts `count` visible test matches, `<home> i` against `<away> i`, kicking off a minute apart from
 * `firstKickOff`: a jackpot issue's 13 matches in one call. Returns their match ids in kick-off order.
 */
export const insertTestMatches = async (
  sql: SqlExecutor,
  count: number,
  options: { readonly home: string; readonly away: string; readonly firstKickOff: Date },
): Promise<string[]> => {
  const ids: string[] = [];
  for (let i = 0; i < count; i++)
    ids.push(
      (
        await insertTestMatch(sql, {
          home: `${options.home} ${i}`,
          away: `${options.away} ${i}`,
          startTime: new Date(options.firstKickOff.getTime() + i * 60_000),
        })
      ).matchId,
    );
  return ids;
};
