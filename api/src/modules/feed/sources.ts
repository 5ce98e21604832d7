/**
 * Real matches to replay (shared/data/README.md): football-data.co.uk results with closing 1X2 and
 * over/under 2.5 prices (goal minutes sampled to fit the half-time and full-time scores), international
 * matches since 2022 with real goal minutes (goalscorers.csv), and World Cup JSON with stoppage-time
 * minutes. Reading is IO; turning rows into fixtures is pure and exported for tests.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { fitGoalRates, type GoalRates } from '@bashiri/domain';
import { DIVISIONS } from '../catalogue/seed-data.ts';
import { parseFootballData } from '../catalogue/football-data/parse.ts';
import type { Fixture } from '../catalogue/football-data/parse.ts';
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

/** Goal rates used when a source has no prices: a typical home and away side. */
export const DEFAULT_RATES: GoalRates = { home: 1.45, away: 1.15 };

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
      return { rates, timeline: assignGoalMinutes(halfTime, fullTime, seedOf(key)) };
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
        build: () => ({ rates: DEFAULT_RATES, timeline }),
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
  readonly score?: { readonly ft?: [number, number] };
  readonly goals1?: readonly WorldCupGoal[];
  readonly goals2?: readonly WorldCupGoal[];
}

/** Minute and stoppage of a World Cup goal: 2022 `{minute: 90, offset: 9}`, 2026 `"90+12"` or `"92"`. */
export const worldCupMinute = (g: WorldCupGoal): { minute: number; stoppage: number } => {
  const [base, plus] = String(g.minute).split('+');
  const minute = Number(base);
  const stoppage = Number(plus ?? g.offset ?? 0);
  // A plain "92" is stoppage written without the plus.
  if (plus === undefined && minute > 90 && minute < 100 && g.offset === undefined)
    return { minute: 90, stoppage: minute - 90 };
  return { minute, stoppage };
};

/** World Cup matches whose ordinary-time goals add up to the `ft` score (others are skipped). */
export const worldCupSources = (file: {
  name?: string;
  matches?: readonly WorldCupMatch[];
}): SourceFixture[] => {
  const name = file.name ?? 'World Cup';
  const competition: SourceCompetition = { key: `worldcup:${name}`, name, countryCode: 'XW' };
  const out: SourceFixture[] = [];
  for (const m of file.matches ?? []) {
    const ft = m.score?.ft;
    if (!ft) continue;
    const goals: TimelineGoal[] = [];
    const add = (side: 'home' | 'away', list: readonly WorldCupGoal[] | undefined) => {
      for (const g of list ?? []) {
        const { minute, stoppage } = worldCupMinute(g);
        if (minute <= 90)
          goals.push({ side, half: minute <= 45 ? 1 : 2, minute, stoppage: Math.min(stoppage, 15) });
      }
    };
    add('home', m.goals1);
    add('away', m.goals2);
    const home = goals.filter((g) => g.side === 'home').length;
    if (home !== ft[0] || goals.length - home !== ft[1]) continue;
    const timeline = timelineOf(goals);
    out.push({
      key: `wc:${name}:${m.date}:${m.team1}:${m.team2}`,
      competition,
      home: m.team1,
      away: m.team2,
      build: () => ({ rates: DEFAULT_RATES, timeline }),
    });
  }
  return out;
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
export const loadSources = async (dataDir: string): Promise<SourceFixture[]> => {
  const dated: { kickoff: number; source: SourceFixture }[] = [];
  for (const path of await files(join(dataDir, 'football-data'), '.csv')) {
    const parsed = parseFootballData(await readFile(path, 'utf8'));
    const season = parsed.season ?? 'unknown';
    for (const f of parsed.fixtures) {
      const source = footballDataSource(f, season);
      if (source) dated.push({ kickoff: f.kickoff, source });
    }
  }
  // Newest first, leagues mixed as their calendars mix.
  const league = dated
    .sort((a, b) => b.kickoff - a.kickoff || (a.source.key < b.source.key ? -1 : 1))
    .map((d) => d.source);
  const others: SourceFixture[] = [];
  for (const path of await files(join(dataDir, 'worldcup'), '.json')) {
    try {
      others.push(...worldCupSources(JSON.parse(await readFile(path, 'utf8'))));
    } catch {
      // A malformed file only loses its own matches.
    }
  }
  const scorers = join(dataDir, 'international', 'goalscorers.csv');
  const text = await readFile(scorers, 'utf8').catch(() => null);
  if (text)
    others.push(
      ...internationalSources(
        parse(text, { columns: true, skip_empty_lines: true }) as Record<string, string>[],
      ),
    );
  return interleave(league, others);
};
