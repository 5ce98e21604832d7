/**
 * Real matches to replay (shared/data/README.md): football-data.co.uk results with closing 1X2 and
 * over/under 2.5 prices (goal minutes sampled to fit the half-time and full-time scores), international
 * matches since 2022 with real goal minutes (goalscorers.csv), and World Cup JSON with stoppage-time
 * minutes. Reading is IO; turning rows into fixtures is pure and exported for tests.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { eloGoalRates, eloHistory, fitGoalRates, type GoalRates, type PlayedMatch } from '@bashiri/domain';
import { DIVISIONS } from '../catalogue/index.ts';
import { parseFootballData } from '../catalogue/index.ts';
import type { Fixture } from '../catalogue/index.ts';
import { assignGoalMinutes, seedOf, timelineOf, type Timeline, type TimelineGoal } from './timeline.ts';

/** A competition as the feed files it: `key` goes into `competitions.source_key` after 'demo:'. */
export interface SourceCompetition {
  readonly key: string;
  readonly name: string;
  /** ISO alpha-2 or football pseudo-country (XN England, XW World). */
  readonly countryCode: string | null;
}

/** A fixture the feed can replay; `build` computes its rates and goals (seeded, so always the same). */
export interface SourceFixture {
  /** Unique and stable, e.g. 'fd:E0:2024-25:Arsenal:Everton', 'intl:2022-11-20:Qatar:Ecuador'. */
  readonly key: string;
  readonly competition: SourceCompetition;
  readonly home: string;
  readonly away: string;
  build(): { rates: GoalRates; timeline: Timeline };
}

/**
 * Hot leagues of the demo (spec §2 left menu "hot leagues", §3 Hot league): the `popular_sorting` a
 * feed competition gets when the feed creates it (higher first), or null for an ordinary one. Staff
 * edits are kept: a competition is only set up once.
 */
export const hotLeagueSorting = (competitionKey: string): number | null => {
  if (competitionKey === 'generated:tz-premier') return 100;
  if (competitionKey.startsWith('worldcup:')) return 95;
  const hot: Readonly<Record<string, number>> = {
    'football-data:E0': 90,
    'football-data:SP1': 80,
    'football-data:I1': 70,
    'football-data:D1': 60,
    'football-data:F1': 50,
  };
  return hot[competitionKey] ?? null;
};

/** Goal rates used when a source has no prices: a typical home and away side. */
export const DEFAULT_RATES: GoalRates = { home: 1.45, away: 1.15 };

/**
 * Goal rates of a match from team strength, for sources without bookmaker prices (issue 16 point 6;
 * docs/pricing-model.md §6). `null` when neither side is known before `date`: the caller keeps
 * {@link DEFAULT_RATES}.
 */
export type TeamStrength = (
  date: string,
  home: string,
  away: string,
  /** The venue when the results file does not hold the match (World Cup finals: neutral). */
  neutralIfUnknown: boolean,
) => GoalRates | null;

/** Names the World Cup files spell differently from `international/results.csv`. */
export const TEAM_ALIASES: Readonly<Record<string, string>> = {
  USA: 'United States',
  'Korea Republic': 'South Korea',
  'IR Iran': 'Iran',
  "Côte d'Ivoire": 'Ivory Coast',
  'Cabo Verde': 'Cape Verde',
  Czechia: 'Czech Republic',
  Türkiye: 'Turkey',
  'Bosnia & Herzegovina': 'Bosnia and Herzegovina',
  'Congo DR': 'DR Congo',
};

/** `results.csv` rows (`date, home_team, away_team, home_score, away_score, tournament, …, neutral`). */
export const playedMatches = (rows: readonly Record<string, string>[]): PlayedMatch[] =>
  rows.map((r) => ({
    date: r['date'] ?? '',
    home: r['home_team'] ?? '',
    away: r['away_team'] ?? '',
    homeGoals: Number(r['home_score']),
    awayGoals: Number(r['away_score']),
    tournament: r['tournament'] ?? '',
    neutral: r['neutral'] === 'TRUE',
  }));

/**
 * Team strength from Elo ratings of `played` (domain `eloHistory`): each side's rating from matches
 * strictly before the date (no lookahead), the venue neutral as the results file records that very
 * match (else `neutralIfUnknown`), then `eloGoalRates`. Builds the ratings once (about 50k rows: well
 * under a second).
 */
export const eloStrength = (played: readonly PlayedMatch[]): TeamStrength => {
  const history = eloHistory(played);
  const venue = new Map(played.map((m) => [`${m.date}|${m.home}|${m.away}`, m.neutral]));
  return (date, homeName, awayName, neutralIfUnknown) => {
    const home = TEAM_ALIASES[homeName] ?? homeName;
    const away = TEAM_ALIASES[awayName] ?? awayName;
    if (!history.knows(home, date) && !history.knows(away, date)) return null;
    const neutral = venue.get(`${date}|${home}|${away}`) ?? neutralIfUnknown;
    return eloGoalRates(history.ratingBefore(home, date), history.ratingBefore(away, date), neutral);
  };
};

/** A football-data fixture as a source, or null without a half-time score (awarded results). */
export const footballDataSource = (f: Fixture, season: string): SourceFixture | null => {
  const result = f.result;
  if (!result?.halfTime || result.awarded) return null;
  const { halfTime, fullTime } = result;
  const key = `fd:${f.div}:${season}:${f.homeTeam}:${f.awayTeam}`;
  const division = DIVISIONS[f.div];
  return {
    key,
    competition: {
      key: `football-data:${f.div}`,
      name: division?.name ?? `Division ${f.div}`,
      countryCode: division?.countryCode ?? null,
    },
    home: f.homeTeam,
    away: f.awayTeam,
    build: () => {
      const m = f.prices.matchOdds;
      const ou = f.prices.overUnder25;
      const rates = m
        ? fitGoalRates({
            home: Number(m.home),
            draw: Number(m.draw),
            away: Number(m.away),
            ...(ou ? { over25: Number(ou.over), under25: Number(ou.under) } : {}),
          }).rates
        : DEFAULT_RATES;
      return {
        rates,
        timeline: { ...assignGoalMinutes(halfTime, fullTime, seedOf(key)), statistics: f.statistics },
      };
    },
  };
};

const INTERNATIONAL: SourceCompetition = {
  key: 'international',
  name: 'International Friendlies & Qualifiers',
  countryCode: 'XW',
};

/**
 * International matches from goalscorers.csv rows (`date, home_team, away_team, team, scorer, minute,
 * own_goal, penalty`) on or after `since` (README: complete from 2022). Goals after minute 90 (extra
 * time) are left out: the replay is of ordinary time. A match with an unknown minute is skipped.
 */
export const internationalSources = (
  rows: readonly Record<string, string>[],
  since = '2022-01-01',
  report: (skipped: SkippedRecord) => void = () => undefined,
  strength?: TeamStrength,
): SourceFixture[] => {
  const matches = new Map<
    string,
    { date: string; home: string; away: string; goals: TimelineGoal[]; bad: boolean }
  >();
  for (const r of rows) {
    const date = r['date'] ?? '';
    if (date < since) continue;
    const [home, away] = [r['home_team'] ?? '', r['away_team'] ?? ''];
    const id = `${date}|${home}|${away}`;
    const match = matches.get(id) ?? { date, home, away, goals: [], bad: false };
    matches.set(id, match);
    const minute = Number(r['minute']);
    if (!Number.isInteger(minute) || minute < 1) match.bad = true;
    else if (minute <= 90)
      match.goals.push({
        side: r['team'] === home ? 'home' : 'away',
        half: minute <= 45 ? 1 : 2,
        minute,
        stoppage: 0,
      });
  }
  for (const m of matches.values())
    if (m.bad)
      report({
        source: 'international:goalscorers.csv',
        record: `${m.date} ${m.home} v ${m.away}`,
        reason: 'a goal minute is missing or unreadable',
      });
  return [...matches.values()]
    .filter((m) => !m.bad)
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
    .map((m) => {
      const timeline = timelineOf(m.goals);
      return {
        key: `intl:${m.date}:${m.home}:${m.away}`,
        competition: INTERNATIONAL,
        home: m.home,
        away: m.away,
        build: () => ({
          rates: strength?.(m.date, m.home, m.away, false) ?? DEFAULT_RATES,
          timeline,
        }),
      };
    });
};

interface WorldCupGoal {
  readonly minute: number | string;
  readonly offset?: number;
}
interface WorldCupMatch {
  readonly date: string;
  readonly team1: string;
  readonly team2: string;
  /** Full time (90 minutes), half time, after extra time, penalties (openfootball). */
  readonly score?: {
    readonly ft?: [number, number];
    readonly ht?: [number, number];
    readonly et?: [number, number];
    readonly p?: [number, number];
  };
  readonly goals1?: readonly WorldCupGoal[];
  readonly goals2?: readonly WorldCupGoal[];
}

/** A record an importer left out, and why (issue 15 item 9: nothing is dropped without a word). */
export interface SkippedRecord {
  /** Which file or source. */
  readonly source: string;
  /** The record, e.g. `2022-12-18 Argentina v France`. */
  readonly record: string;
  readonly reason: string;
}

/**
 * Minute and stoppage of a World Cup goal: 2022 `{minute: 90, offset: 9}`, 2026 `"90+12"` or `"92"`.
 * A plain minute 91–99 is stoppage time written without the plus — unless the match went to extra time
 * (`extraTime`), where it is an extra-time minute (returned as is, above 90).
 */
export const worldCupMinute = (g: WorldCupGoal, extraTime = false): { minute: number; stoppage: number } => {
  const [base, plus] = String(g.minute).split('+');
  const minute = Number(base);
  const stoppage = Number(plus ?? g.offset ?? 0);
  if (!extraTime && plus === undefined && minute > 90 && minute < 100 && g.offset === undefined)
    return { minute: 90, stoppage: minute - 90 };
  return { minute, stoppage };
};

const sameScore = (a: readonly number[], b: readonly number[]) => a[0] === b[0] && a[1] === b[1];

/**
 * World Cup matches whose ordinary-time goals add up to the file's `ft` score and, when the file has
 * one, whose first-half goals add up to its `ht` score. A match with an `et` score went to extra time:
 * its goals after minute 90 (plain 91–120, or 105+x, 120+x) are extra time and left out of the replay.
 * Every played match left out is passed to `report` with its reason.
 */
export const worldCupSources = (
  file: { name?: string; matches?: readonly WorldCupMatch[] },
  report: (skipped: SkippedRecord) => void = () => undefined,
  strength?: TeamStrength,
): SourceFixture[] => {
  const name = file.name ?? 'World Cup';
  const competition: SourceCompetition = { key: `worldcup:${name}`, name, countryCode: 'XW' };
  const out: SourceFixture[] = [];
  for (const m of file.matches ?? []) {
    const skip = (reason: string) =>
      report({ source: `worldcup:${name}`, record: `${m.date} ${m.team1} v ${m.team2}`, reason });
    const ft = m.score?.ft;
    // A match without any score is a fixture not played yet, not a record dropped.
    if (!ft) continue;
    const extraTime = m.score?.et !== undefined;
    const goals: TimelineGoal[] = [];
    let unreadable = false;
    const add = (side: 'home' | 'away', list: readonly WorldCupGoal[] | undefined) => {
      for (const g of list ?? []) {
        const { minute, stoppage } = worldCupMinute(g, extraTime);
        if (!Number.isInteger(minute) || minute < 1 || !Number.isFinite(stoppage)) unreadable = true;
        else if (minute <= 90)
          goals.push({ side, half: minute <= 45 ? 1 : 2, minute, stoppage: Math.min(stoppage, 15) });
      }
    };
    add('home', m.goals1);
    add('away', m.goals2);
    if (unreadable) {
      skip('a goal minute cannot be read');
      continue;
    }
    const count = (list: readonly TimelineGoal[]) => {
      const home = list.filter((g) => g.side === 'home').length;
      return [home, list.length - home];
    };
    const full = count(goals);
    if (!sameScore(full, ft)) {
      skip(`ordinary-time goals ${full.join('-')} differ from the full-time score ${ft.join('-')}`);
      continue;
    }
    const ht = m.score?.ht;
    const half = count(goals.filter((g) => g.half === 1));
    if (ht && !sameScore(half, ht)) {
      skip(`first-half goals ${half.join('-')} differ from the half-time score ${ht.join('-')}`);
      continue;
    }
    const timeline = timelineOf(goals);
    out.push({
      key: `wc:${name}:${m.date}:${m.team1}:${m.team2}`,
      competition,
      home: m.team1,
      away: m.team2,
      build: () => ({
        rates: strength?.(m.date, m.team1, m.team2, true) ?? DEFAULT_RATES,
        timeline,
      }),
    });
  }
  return out;
};

/** The default report of a skipped record: one warning line naming the source, record and reason. */
export const reportSkipped = (skipped: SkippedRecord): void => {
  console.warn(`feed: skipped ${skipped.source} ${skipped.record}: ${skipped.reason}`);
};

/** Interleaves the league list with the others: three league fixtures, then one with real minutes. */
export const interleave = (
  league: readonly SourceFixture[],
  others: readonly SourceFixture[],
): SourceFixture[] => {
  const out: SourceFixture[] = [];
  let [i, j] = [0, 0];
  while (i < league.length || j < others.length) {
    for (let k = 0; k < 3 && i < league.length; k++) out.push(league[i++]!);
    if (j < others.length) out.push(others[j++]!);
  }
  return out;
};

const files = async (dir: string, suffix: string): Promise<string[]> => {
  try {
    return (await readdir(dir))
      .filter((f) => f.endsWith(suffix))
      .sort()
      .reverse()
      .map((f) => join(dir, f));
  } catch {
    return [];
  }
};

/**
 * Every replayable fixture under `dataDir` (`football-data/*.csv`, `international/goalscorers.csv`,
 * `worldcup/*.json`), newest seasons first; empty when the folder holds none of them. Unreadable files
 * are skipped.
 */
export const loadSources = async (
  dataDir: string,
  report: (skipped: SkippedRecord) => void = reportSkipped,
): Promise<SourceFixture[]> => {
  const dated: { kickoff: number; source: SourceFixture }[] = [];
  for (const path of await files(join(dataDir, 'football-data'), '.csv')) {
    const parsed = parseFootballData(await readFile(path, 'utf8'));
    const season = parsed.season ?? 'unknown';
    for (const f of parsed.fixtures) {
      const source = footballDataSource(f, season);
      if (source) dated.push({ kickoff: f.kickoff, source });
      else
        report({
          source: `football-data:${path.split('/').pop()}`,
          record: `${f.div} ${season} ${f.homeTeam} v ${f.awayTeam}`,
          reason: f.result?.awarded ? 'an awarded result' : 'no half-time score',
        });
    }
  }
  // Newest first, leagues mixed as their calendars mix.
  const league = dated
    .sort((a, b) => b.kickoff - a.kickoff || (a.source.key < b.source.key ? -1 : 1))
    .map((d) => d.source);
  const others: SourceFixture[] = [];
  const results = await readFile(join(dataDir, 'international', 'results.csv'), 'utf8').catch(() => null);
  // Prices for the sources without odds come from Elo ratings of every earlier international.
  const strength = results
    ? eloStrength(
        playedMatches(parse(results, { columns: true, skip_empty_lines: true }) as Record<string, string>[]),
      )
    : undefined;
  for (const path of await files(join(dataDir, 'worldcup'), '.json')) {
    try {
      others.push(...worldCupSources(JSON.parse(await readFile(path, 'utf8')), report, strength));
    } catch (error) {
      // A malformed file only loses its own matches — and says so.
      report({ source: path, record: '(whole file)', reason: `unreadable: ${(error as Error).message}` });
    }
  }
  const scorers = join(dataDir, 'international', 'goalscorers.csv');
  const text = await readFile(scorers, 'utf8').catch(() => null);
  if (text)
    others.push(
      ...internationalSources(
        parse(text, { columns: true, skip_empty_lines: true }) as Record<string, string>[],
        undefined,
        report,
        strength,
      ),
    );
  return interleave(league, others);
};
