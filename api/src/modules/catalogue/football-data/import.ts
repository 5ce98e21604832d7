/**
 * Loads football-data.co.uk files into the catalogue (issue 4 item 2; shared/data/README.md §1):
 * competition, teams, fixtures (status 3 ended with scores when the result is present), markets
 * 1X2 (69), over/under 2.5 (47) and Asian handicap (48) with `odds_original` = `odds` = the chosen
 * bookmaker's price (margins are the pricing module's job), and results as fixture events.
 *
 * One transaction per file, a handful of batched statements whatever its size; every row is keyed by
 * `source_key`, so importing the same file again changes nothing, and a corrected file changes only
 * what differs (bumping `object_version`, publishing MATCH_UPDATED / ODDS_CHANGED, and recording a
 * ResultCorrected fact).
 */
import { pino } from 'pino';
import { sameStatistics } from '../statistics.ts';
import type { MatchStatistics } from '../statistics.ts';
import type { SqlExecutor } from '@bashiri/eventstore';
import type { AppServices } from '../../../services.ts';
import { BETTING_TYPE, EVENT_PART, MATCH_STATUS, OFFER_STATUS } from '../conventions.ts';
import { recordFixtureFact } from '../fixture-facts.ts';
import { publishMatchUpdated, publishOddsChanged } from '../topics.ts';
import type { MatchRow, OutcomeChange } from '../topics.ts';
import { competitionOf, marketsOf, sourceKeys } from './fixture-rows.ts';
import { parseFootballData } from './parse.ts';
import type { Fixture, ParseOptions, PriceKind, RowProblem } from './parse.ts';

export interface ImportOptions extends ParseOptions {
  /** Shown in problems and fixture-fact reasons, e.g. the file name. */
  readonly source?: string;
  /** Append ResultRecorded facts for new results (default true). */
  readonly recordResults?: boolean;
}

/** What one file did. Counts are rows of the catalogue. */
export interface ImportReport {
  readonly source: string;
  readonly season: string | null;
  readonly rows: number;
  readonly fixtures: number;
  readonly matchesInserted: number;
  readonly matchesUpdated: number;
  readonly outcomesInserted: number;
  readonly outcomesUpdated: number;
  readonly resultsRecorded: number;
  readonly problems: readonly RowProblem[];
}

const idOf = (v: unknown): string => String(v);
const num = (v: unknown): string | null => (v === null || v === undefined ? null : String(Number(v)));

/**
 * Parses `text` (one football-data file) and loads it. Never throws for bad rows: they are in
 * `problems` with their line. Throws only when the database fails (the file's transaction rolls back).
 */
export const importFootballData = async (
  services: AppServices,
  text: string,
  options: ImportOptions = {},
): Promise<ImportReport> => {
  const source = options.source ?? 'input';
  const prices: PriceKind = options.prices ?? 'closing';
  const bookmaker = options.bookmaker ?? 'Avg';
  const parsed = parseFootballData(text, { prices, bookmaker });
  // Every skipped row is in the report's `problems` and in the log (issue 15 item 9).
  const log = pino({ name: 'import:football-data', level: services.config.LOG_LEVEL });
  for (const p of parsed.problems)
    if (p.level === 'error')
      log.warn({ source, line: p.line, reason: p.reason }, `football-data row skipped: ${p.reason}`);
  const season = parsed.season;
  const base = { source, season, rows: parsed.rows, fixtures: parsed.fixtures.length };
  if (season === null || parsed.fixtures.length === 0)
    return {
      ...base,
      matchesInserted: 0,
      matchesUpdated: 0,
      outcomesInserted: 0,
      outcomesUpdated: 0,
      resultsRecorded: 0,
      problems: parsed.problems,
    };

  const problems = [...parsed.problems];
  const seen = new Map<string, number>();
  for (const f of parsed.fixtures) {
    const key = sourceKeys.match(f.div, season, f.homeTeam, f.awayTeam);
    const first = seen.get(key);
    if (first !== undefined)
      problems.push({
        line: f.line,
        level: 'warning',
        reason: `same fixture as line ${first}: this later row wins`,
      });
    else seen.set(key, f.line);
  }
  const loaded = await services.sql.transaction((tx) => load(tx, parsed.fixtures, season, prices, bookmaker));
  for (const row of loaded.changedMatches) publishMatchUpdated(services, row);
  for (const [matchId, outcomes] of loaded.changedOutcomes)
    publishOddsChanged(services, { matchId, outcomes });

  let resultsRecorded = 0;
  if (options.recordResults ?? true) {
    for (const { matchId, fixture } of loaded.newResults) {
      const { fullTime, halfTime } = fixture.result!;
      if (!halfTime) continue;
      const actor = { kind: 'system', id: 'import:football-data' } as const;
      const at = new Date(fixture.kickoff + 2 * 3_600_000).toISOString();
      try {
        const recorded = await recordFixtureFact(
          services,
          matchId,
          { type: 'RecordResult', halfTime, fullTime },
          actor,
          { at },
        );
        resultsRecorded += recorded.appended;
      } catch (error) {
        const code = (error as { extensions?: { code?: string } }).extensions?.code;
        if (code !== 'RESULT_ALREADY_RECORDED') throw error;
        const reason = `football-data correction (${source} line ${fixture.line})`;
        const corrected = await recordFixtureFact(
          services,
          matchId,
          { type: 'CorrectResult', halfTime, fullTime, reason },
          actor,
          { at },
        );
        resultsRecorded += corrected.appended;
      }
    }
  }
  return {
    ...base,
    matchesInserted: loaded.matchesInserted,
    matchesUpdated: loaded.changedMatches.length - loaded.matchesInserted,
    outcomesInserted: loaded.outcomesInserted,
    outcomesUpdated: loaded.outcomesUpdated,
    resultsRecorded,
    problems,
  };
};

interface Loaded {
  readonly matchesInserted: number;
  readonly changedMatches: MatchRow[];
  readonly changedOutcomes: Map<string, OutcomeChange[]>;
  readonly outcomesInserted: number;
  readonly outcomesUpdated: number;
  /** Matches whose imported result is new or different, to record as fixture facts. */
  readonly newResults: { matchId: string; fixture: Fixture }[];
}

interface ExistingMatch {
  id: string | number;
  source_key: string;
  competition_id: number;
  home_team_id: number;
  away_team_id: number;
  start_time: Date;
  season: string | null;
  status: number;
  home_score: number | null;
  away_score: number | null;
  ht_home_score: number | null;
  ht_away_score: number | null;
  awarded: boolean;
  statistics: MatchStatistics | null;
}

const load = async (
  tx: SqlExecutor,
  fixtures: readonly Fixture[],
  season: string,
  priceKind: PriceKind,
  bookmakerCode: string,
): Promise<Loaded> => {
  // Competitions (one per division in the file; normally one).
  const competitionIds = new Map<string, number>();
  for (const div of new Set(fixtures.map((f) => f.div))) {
    const { name, countryCode } = competitionOf(div);
    const days = fixtures
      .filter((f) => f.div === div)
      .map((f) => f.ukDate)
      .sort();
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO competitions (source_key, name, country_id, start_date, end_date)
       VALUES ($1, $2, (SELECT id FROM countries WHERE code = $3), $4::date, $5::date)
       ON CONFLICT (source_key) DO UPDATE SET
         start_date = LEAST(competitions.start_date, EXCLUDED.start_date),
         end_date = GREATEST(competitions.end_date, EXCLUDED.end_date)
       WHERE EXCLUDED.start_date < competitions.start_date OR EXCLUDED.end_date > competitions.end_date
       RETURNING id`,
      [sourceKeys.competition(div), name, countryCode, days[0], days[days.length - 1]],
    );
    const id =
      rows[0]?.id ??
      (
        await tx.query<{ id: number }>('SELECT id FROM competitions WHERE source_key = $1', [
          sourceKeys.competition(div),
        ])
      ).rows[0]!.id;
    competitionIds.set(div, id);
  }

  // Teams, in the country of their competition.
  const teamNames = [...new Set(fixtures.flatMap((f) => [f.homeTeam, f.awayTeam]))];
  const teamCountry = new Map(
    fixtures.flatMap(
      (f) =>
        [
          [f.homeTeam, f.div],
          [f.awayTeam, f.div],
        ] as const,
    ),
  );
  await tx.query(
    `INSERT INTO teams (source_key, name, country_id)
     SELECT t.key, t.name, (SELECT id FROM countries WHERE code = t.country)
     FROM unnest($1::text[], $2::text[], $3::text[]) AS t(key, name, country)
     ON CONFLICT (source_key) DO NOTHING`,
    [
      teamNames.map(sourceKeys.team),
      teamNames,
      teamNames.map((n) => competitionOf(teamCountry.get(n)!).countryCode),
    ],
  );
  const teamIds = new Map(
    (
      await tx.query<{ id: number; name: string }>(
        'SELECT id, name FROM teams WHERE source_key = ANY ($1::text[])',
        [teamNames.map(sourceKeys.team)],
      )
    ).rows.map((r) => [r.name, r.id]),
  );

  // Matches: insert the new, update only what differs.
  const keyOf = (f: Fixture) => sourceKeys.match(f.div, season, f.homeTeam, f.awayTeam);
  const byKey = new Map(fixtures.map((f) => [keyOf(f), f]));
  const existing = new Map(
    (
      await tx.query<ExistingMatch>('SELECT * FROM matches WHERE source_key = ANY ($1::text[])', [
        [...byKey.keys()],
      ])
    ).rows.map((m) => [m.source_key, m]),
  );
  const wanted = [...byKey.entries()].map(([key, f]) => {
    const old = existing.get(key);
    const r = f.result;
    return {
      key,
      f,
      competition: competitionIds.get(f.div)!,
      home: teamIds.get(f.homeTeam)!,
      away: teamIds.get(f.awayTeam)!,
      start: new Date(f.kickoff).toISOString(),
      status: r ? MATCH_STATUS.ENDED : (old?.status ?? MATCH_STATUS.NOT_STARTED),
      hs: r?.fullTime.home ?? old?.home_score ?? null,
      as: r?.fullTime.away ?? old?.away_score ?? null,
      hths: r ? (r.halfTime?.home ?? null) : (old?.ht_home_score ?? null),
      htas: r ? (r.halfTime?.away ?? null) : (old?.ht_away_score ?? null),
      awarded: r?.awarded ?? false,
      statistics: f.statistics ? JSON.stringify(f.statistics) : null,
      old,
    };
  });
  const differs = (w: (typeof wanted)[number]) => {
    const o = w.old!;
    return (
      o.competition_id !== w.competition ||
      o.home_team_id !== w.home ||
      o.away_team_id !== w.away ||
      new Date(o.start_time).getTime() !== w.f.kickoff ||
      o.season !== season ||
      o.status !== w.status ||
      o.home_score !== w.hs ||
      o.away_score !== w.as ||
      o.ht_home_score !== w.hths ||
      o.ht_away_score !== w.htas ||
      o.awarded !== w.awarded ||
      !sameStatistics(o.statistics, w.f.statistics)
    );
  };
  const toInsert = wanted.filter((w) => !w.old);
  const toUpdate = wanted.filter((w) => w.old && differs(w));
  const columns = (list: typeof wanted) => [
    list.map((w) => w.key),
    list.map((w) => w.competition),
    list.map((w) => w.home),
    list.map((w) => w.away),
    list.map((w) => w.start),
    list.map((w) => w.status),
    list.map((w) => w.hs),
    list.map((w) => w.as),
    list.map((w) => w.hths),
    list.map((w) => w.htas),
    list.map((w) => w.awarded),
    list.map(() => season),
    list.map((w) => w.statistics),
  ];
  const UNNEST = `unnest($1::text[], $2::int[], $3::int[], $4::int[], $5::timestamptz[], $6::smallint[], $7::smallint[],
    $8::smallint[], $9::smallint[], $10::smallint[], $11::boolean[], $12::text[], $13::jsonb[])
    AS i(key, competition, home, away, start, status, hs, aws, hths, htas, awarded, season, statistics)`;
  const changedMatches: MatchRow[] = [];
  if (toInsert.length > 0)
    changedMatches.push(
      ...(
        await tx.query<MatchRow>(
          `INSERT INTO matches (source_key, competition_id, home_team_id, away_team_id, start_time, status,
             home_score, away_score, ht_home_score, ht_away_score, awarded, season, statistics)
           SELECT * FROM ${UNNEST} RETURNING *`,
          columns(toInsert),
        )
      ).rows,
    );
  if (toUpdate.length > 0)
    changedMatches.push(
      ...(
        await tx.query<MatchRow>(
          `UPDATE matches m SET competition_id = i.competition, home_team_id = i.home, away_team_id = i.away,
             start_time = i.start, status = i.status, home_score = i.hs, away_score = i.aws, ht_home_score = i.hths,
             ht_away_score = i.htas, awarded = i.awarded, season = i.season, statistics = i.statistics,
             object_version = m.object_version + 1, updated_at = now()
           FROM ${UNNEST} WHERE m.source_key = i.key RETURNING m.*`,
          columns(toUpdate),
        )
      ).rows,
    );
  const matchIds = new Map<string, string>([...existing.values()].map((m) => [m.source_key, idOf(m.id)]));
  for (const row of changedMatches)
    matchIds.set((row as MatchRow & { source_key: string }).source_key, idOf(row.id));

  const resultChanged = (w: (typeof wanted)[number]) =>
    w.f.result !== null &&
    (!w.old ||
      w.old.home_score !== w.hs ||
      w.old.away_score !== w.as ||
      w.old.ht_home_score !== w.hths ||
      w.old.ht_away_score !== w.htas);
  const newResults = wanted
    .filter(resultChanged)
    .map((w) => ({ matchId: matchIds.get(w.key)!, fixture: w.f }));

  const prices = await loadMarkets(
    tx,
    wanted.map((w) => ({
      matchId: matchIds.get(w.key)!,
      fixture: w.f,
      ended: w.status !== MATCH_STATUS.NOT_STARTED,
      home: w.home,
      away: w.away,
    })),
    priceKind,
    bookmakerCode,
  );
  return { matchesInserted: toInsert.length, changedMatches, newResults, ...prices };
};

interface MarketInput {
  readonly matchId: string;
  readonly fixture: Fixture;
  readonly ended: boolean;
  readonly home: number;
  readonly away: number;
}

const loadMarkets = async (
  tx: SqlExecutor,
  inputs: readonly MarketInput[],
  priceKind: PriceKind,
  bookmakerCode: string,
) => {
  const bookmakerId =
    (
      await tx.query<{ id: number }>('SELECT id FROM bookmakers WHERE code = $1', [
        bookmakerCode === 'P' ? 'PS' : bookmakerCode,
      ])
    ).rows[0]?.id ?? null;
  const specs = inputs.flatMap((input) =>
    marketsOf(input.fixture).map((market) => ({
      ...input,
      market,
      status: input.ended ? OFFER_STATUS.CLOSED : OFFER_STATUS.OPEN,
    })),
  );
  const marketKey = (matchId: string, typeId: number, line: string | null) =>
    `${matchId}|${typeId}|${line ?? ''}`;
  const IMPORTED = [BETTING_TYPE.MATCH_ODDS, BETTING_TYPE.OVER_UNDER, BETTING_TYPE.ASIAN_HANDICAP];
  const matchIds = inputs.map((i) => i.matchId);

  // Markets: insert the missing, refresh source and status where they differ, retire Asian handicap
  // markets of another line (a later import at closing instead of opening prices).
  await tx.query(
    `INSERT INTO markets (match_id, betting_type_id, event_part_id, line, status_id, bookmaker_id, price_kind)
     SELECT m, t, ${EVENT_PART.FULL_TIME}, l, s, $5, $6 FROM unnest($1::bigint[], $2::int[], $3::numeric[], $4::smallint[]) AS i(m, t, l, s)
     ON CONFLICT (match_id, betting_type_id, event_part_id, line) DO UPDATE SET status_id = EXCLUDED.status_id,
       bookmaker_id = EXCLUDED.bookmaker_id, price_kind = EXCLUDED.price_kind
     WHERE (markets.status_id, markets.bookmaker_id, markets.price_kind) IS DISTINCT FROM
       (EXCLUDED.status_id, EXCLUDED.bookmaker_id, EXCLUDED.price_kind)`,
    [
      specs.map((s) => s.matchId),
      specs.map((s) => s.market.bettingTypeId),
      specs.map((s) => s.market.line),
      specs.map((s) => s.status),
      bookmakerId,
      priceKind,
    ],
  );
  const markets = (
    await tx.query<{
      id: string | number;
      match_id: string | number;
      betting_type_id: number;
      line: string | null;
      status_id: number;
      is_live: boolean;
    }>(
      `SELECT id, match_id, betting_type_id, line::text, status_id, is_live FROM markets
       WHERE match_id = ANY ($1::bigint[]) AND betting_type_id = ANY ($2::int[]) AND event_part_id = ${EVENT_PART.FULL_TIME}`,
      [matchIds, IMPORTED],
    )
  ).rows;
  const marketIds = new Map(
    markets.map((m) => [marketKey(idOf(m.match_id), m.betting_type_id, num(m.line)), m]),
  );
  const wantedKeys = new Set(specs.map((s) => marketKey(s.matchId, s.market.bettingTypeId, s.market.line)));
  const retired = markets.filter(
    (m) =>
      m.betting_type_id === BETTING_TYPE.ASIAN_HANDICAP &&
      m.status_id !== OFFER_STATUS.REMOVED &&
      !wantedKeys.has(marketKey(idOf(m.match_id), m.betting_type_id, num(m.line))) &&
      specs.some(
        (s) => s.matchId === idOf(m.match_id) && s.market.bettingTypeId === BETTING_TYPE.ASIAN_HANDICAP,
      ),
  );
  if (retired.length > 0)
    await tx.query(`UPDATE markets SET status_id = ${OFFER_STATUS.REMOVED} WHERE id = ANY ($1::bigint[])`, [
      retired.map((m) => m.id),
    ]);

  // Outcomes: insert the missing, update the ones whose price, name or status differs.
  const outcomes = specs.flatMap((s) => {
    const market = marketIds.get(marketKey(s.matchId, s.market.bettingTypeId, s.market.line))!;
    return s.market.outcomes.map((o) => ({
      matchId: s.matchId,
      marketId: idOf(market.id),
      isLive: market.is_live,
      o,
      participant: o.participant === 'home' ? s.home : o.participant === 'away' ? s.away : null,
      status: s.status,
    }));
  });
  const { rows: changed } = await tx.query<{
    id: string | number;
    market_id: string | number;
    odds: string | null;
    status_id: number;
    inserted: boolean;
  }>(
    `INSERT INTO outcomes (market_id, type_id, participant_id, name, pick, line, status_id, odds_original, odds)
     SELECT * FROM unnest($1::bigint[], $2::smallint[], $3::int[], $4::text[], $5::text[], $6::numeric[], $7::smallint[], $8::numeric[], $8::numeric[])
     ON CONFLICT (market_id, pick, line) DO UPDATE SET type_id = EXCLUDED.type_id, participant_id = EXCLUDED.participant_id,
       name = EXCLUDED.name, status_id = EXCLUDED.status_id, odds_original = EXCLUDED.odds_original, odds = EXCLUDED.odds,
       updated_at = now()
     WHERE (outcomes.type_id, outcomes.participant_id, outcomes.name, outcomes.status_id, outcomes.odds_original, outcomes.odds)
       IS DISTINCT FROM (EXCLUDED.type_id, EXCLUDED.participant_id, EXCLUDED.name, EXCLUDED.status_id, EXCLUDED.odds_original, EXCLUDED.odds)
     RETURNING id, market_id, odds::text, status_id, (xmax = 0) AS inserted`,
    [
      outcomes.map((x) => x.marketId),
      outcomes.map((x) => x.o.typeId),
      outcomes.map((x) => x.participant),
      outcomes.map((x) => x.o.name),
      outcomes.map((x) => x.o.pick),
      outcomes.map((x) => x.o.line),
      outcomes.map((x) => x.status),
      outcomes.map((x) => x.o.odds),
    ],
  );
  const matchOfMarket = new Map(outcomes.map((x) => [x.marketId, { matchId: x.matchId, isLive: x.isLive }]));
  const changedOutcomes = new Map<string, OutcomeChange[]>();
  for (const row of changed) {
    const { matchId, isLive } = matchOfMarket.get(idOf(row.market_id))!;
    const list = changedOutcomes.get(matchId) ?? [];
    list.push({ outcomeId: idOf(row.id), odds: row.odds, statusId: row.status_id, isLive });
    changedOutcomes.set(matchId, list);
  }
  const inserted = changed.filter((r) => r.inserted).length;
  return { changedOutcomes, outcomesInserted: inserted, outcomesUpdated: changed.length - inserted };
};
