/**
 * Reads football-data.co.uk CSVs (shared/data/README.md §1) for the season simulator: results, half-time
 * scores and the bookmakers' opening and closing prices (1X2, over/under 2.5). Columns are mapped by
 * name; a UTF-8 BOM and CRLF/LF are accepted; an empty, zero or ≤ 1.0 price means "no price". A row that
 * cannot be a match (bad date, missing team, goals that are not whole numbers) is an error naming the
 * file and line: the simulator never replays a season it read only in part.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Score } from '@bashiri/domain';
import { parse } from 'csv-parse/sync';

/** Decimal odds as numbers (the model's and the calibration's inputs, never money). */
export interface ThreeWayPrices {
  readonly home: number;
  readonly draw: number;
  readonly away: number;
}
export interface OverUnderPrices {
  readonly over: number;
  readonly under: number;
}

/** One match of a season as the simulator uses it. */
export interface SeasonMatch {
  /** `<DIV>-<season>-<line>`: stable for a file. */
  readonly id: string;
  readonly league: string;
  readonly season: string;
  readonly file: string;
  /** 1-based line in the file (header = 1). */
  readonly line: number;
  readonly home: string;
  readonly away: string;
  /** Kick-off instant, UTC epoch ms (UK local time in the file; 15:00 UK when the file has no time). */
  readonly kickoff: number;
  /** The matchday: the calendar date of the kick-off in East Africa Time (UTC+3), `yyyy-mm-dd`. */
  readonly matchday: string;
  readonly fullTime: Score;
  /** Null when the file leaves it empty (a result awarded off the pitch). */
  readonly halfTime: Score | null;
  /** Market average closing prices (`AvgC…`), falling back to Pinnacle then Bet365 closing. */
  readonly closing: { readonly oneXTwo?: ThreeWayPrices; readonly overUnder25?: OverUnderPrices };
  /** Market average pre-match prices (`Avg…`), same fallbacks. */
  readonly opening: { readonly oneXTwo?: ThreeWayPrices; readonly overUnder25?: OverUnderPrices };
}

/** A data file or row that cannot be used: `message` names the file and line. */
export class DataError extends Error {
  override readonly name = 'DataError';
}

const EAT_OFFSET_MS = 3 * 3_600_000;

/** Last Sunday of `month` (0-based) in `year`, 01:00 UTC: when UK summer time starts/ends. */
const lastSundayOneUtc = (year: number, month: number): number => {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
};

/** UK local date and time → UTC epoch ms (BST from the last Sunday of March to the last Sunday of October). */
export const ukToUtc = (year: number, month: number, day: number, hour: number, minute: number): number => {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const bst = asUtc - 3_600_000;
  return bst >= lastSundayOneUtc(year, 2) && bst < lastSundayOneUtc(year, 9) ? bst : asUtc;
};

/** EAT calendar date of an instant, `yyyy-mm-dd`. */
export const eatDate = (epochMs: number): string =>
  new Date(epochMs + EAT_OFFSET_MS).toISOString().slice(0, 10);

const price = (row: Record<string, string>, column: string): number | undefined => {
  const text = row[column];
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value > 1 ? value : undefined;
};

const threeWay = (row: Record<string, string>, prefixes: readonly string[]): ThreeWayPrices | undefined => {
  for (const p of prefixes) {
    const home = price(row, `${p}H`);
    const draw = price(row, `${p}D`);
    const away = price(row, `${p}A`);
    if (home && draw && away) return { home, draw, away };
  }
  return undefined;
};

const overUnder = (row: Record<string, string>, prefixes: readonly string[]): OverUnderPrices | undefined => {
  for (const p of prefixes) {
    const over = price(row, `${p}>2.5`);
    const under = price(row, `${p}<2.5`);
    if (over && under) return { over, under };
  }
  return undefined;
};

const goals = (text: string | undefined): number | undefined =>
  text !== undefined && /^\d{1,2}$/.test(text.trim()) ? Number(text) : undefined;

/**
 * Parses one football-data CSV text. `file` names it in errors. Throws {@link DataError}
 * (`<file>:<line>: <column>: <problem>`) on the first row that cannot be a played match.
 */
export const parseSeasonCsv = (text: string, file: string, league: string, season: string): SeasonMatch[] => {
  let rows: Record<string, string>[];
  try {
    rows = parse(text, {
      columns: true,
      bom: true,
      skip_empty_lines: true,
      relax_column_count: false,
    }) as Record<string, string>[];
  } catch (e) {
    const err = e as Error & { lines?: number };
    throw new DataError(`${file}:${err.lines ?? '?'}: malformed CSV (${err.message.split('\n')[0]})`);
  }
  return rows.map((row, i) => {
    const line = i + 2;
    const where = (column: string, problem: string) =>
      new DataError(`${file}:${line}: ${column}: ${problem}`);
    const date = /^(\d{2})\/(\d{2})\/(\d{2}|\d{4})$/.exec((row.Date ?? '').trim());
    if (!date) throw where('Date', `must be dd/mm/yyyy, found "${row.Date ?? ''}"`);
    const year = date[3]!.length === 2 ? 2000 + Number(date[3]) : Number(date[3]);
    const time = /^(\d{2}):(\d{2})$/.exec((row.Time ?? '').trim());
    const kickoff = ukToUtc(
      year,
      Number(date[2]),
      Number(date[1]),
      time ? Number(time[1]) : 15,
      time ? Number(time[2]) : 0,
    );
    if (!Number.isFinite(kickoff)) throw where('Date', `not a date: "${row.Date}"`);
    const home = (row.HomeTeam ?? '').trim();
    const away = (row.AwayTeam ?? '').trim();
    if (!home) throw where('HomeTeam', 'required');
    if (!away) throw where('AwayTeam', 'required');
    const fthg = goals(row.FTHG);
    const ftag = goals(row.FTAG);
    if (fthg === undefined) throw where('FTHG', `must be whole goals, found "${row.FTHG ?? ''}"`);
    if (ftag === undefined) throw where('FTAG', `must be whole goals, found "${row.FTAG ?? ''}"`);
    const hthg = goals(row.HTHG);
    const htag = goals(row.HTAG);
    const halfTime = hthg !== undefined && htag !== undefined ? { home: hthg, away: htag } : null;
    if (halfTime && (halfTime.home > fthg || halfTime.away > ftag))
      throw where('HTHG', 'half-time goals above full-time goals');
    return {
      id: `${league}-${season}-${line}`,
      league,
      season,
      file,
      line,
      home,
      away,
      kickoff,
      matchday: eatDate(kickoff),
      fullTime: { home: fthg, away: ftag },
      halfTime,
      closing: {
        oneXTwo: threeWay(row, ['AvgC', 'PSC', 'B365C']),
        overUnder25: overUnder(row, ['AvgC', 'PC', 'B365C']),
      },
      opening: {
        oneXTwo: threeWay(row, ['Avg', 'PS', 'B365']),
        overUnder25: overUnder(row, ['Avg', 'P', 'B365']),
      },
    };
  });
};

/** `<dataDir>/<league>-<season>.csv`. */
export const seasonFile = (dataDir: string, league: string, season: string): string =>
  join(dataDir, `${league}-${season}.csv`);

/** The season before `season` ("2023-24" → "2022-23"). */
export const previousSeason = (season: string): string => {
  const start = Number(season.slice(0, 4)) - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
};

/**
 * Loads one league's season, sorted by kick-off (files are not always in kick-off order within a day).
 * Throws {@link DataError} naming the league and season when the file does not exist.
 */
export const loadSeason = (dataDir: string, league: string, season: string): SeasonMatch[] => {
  const file = seasonFile(dataDir, league, season);
  if (!existsSync(file))
    throw new DataError(`unknown league or season: ${league} ${season} (no file ${file})`);
  return parseSeasonCsv(readFileSync(file, 'utf8'), file, league, season).sort(
    (a, b) => a.kickoff - b.kickoff || a.line - b.line,
  );
};

/** Whether the previous season's file exists (warm-up history). */
export const hasSeason = (dataDir: string, league: string, season: string): boolean =>
  existsSync(seasonFile(dataDir, league, season));
