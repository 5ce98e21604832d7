/**
 * Pure parsing of football-data.co.uk CSV files (shared/data/README.md §1; issue 4 item 2): no IO, no
 * clock. Columns are mapped by header name (the set changes between seasons), a UTF-8 BOM and CRLF or
 * LF line endings are accepted, dates are dd/mm/yyyy or dd/mm/yy with HH:MM in UK time (Europe/London,
 * with summer time) turned into an instant, and a price that is empty, 0, not a number or below 1.01
 * is refused with a reason. A bad row never stops the file: it becomes a {@link RowProblem} with its
 * line number.
 */
import { parse } from 'csv-parse/sync';
import { TZDate } from '@date-fns/tz';
import type { Score } from '@bashiri/domain';
import { footballDataStatistics } from '../statistics.ts';
import type { MatchStatistics } from '../statistics.ts';

/** Which prices to read: the `C` columns (last before kick-off) or the earlier ones. */
export type PriceKind = 'closing' | 'opening';

export interface ParseOptions {
  /** Default `closing`. */
  readonly prices?: PriceKind;
  /** A football-data bookmaker prefix: `Avg` (default, market average), `Max`, `B365`, `PS` (or `P`), `BFE`, … */
  readonly bookmaker?: string;
}

/** Decimal odds as text with at least two decimals, e.g. "1.95", "8.00". */
export type PriceText = string;

/** The imported prices of one fixture; a market is absent when its columns are missing or refused. */
export interface FixturePrices {
  readonly matchOdds?: { readonly home: PriceText; readonly draw: PriceText; readonly away: PriceText };
  /** Over/under 2.5 goals. */
  readonly overUnder25?: { readonly over: PriceText; readonly under: PriceText };
  /** Asian handicap: `line` is the home team's handicap as decimal text ("-0.75"); away takes its negation. */
  readonly asianHandicap?: { readonly line: string; readonly home: PriceText; readonly away: PriceText };
}

/** The result as the file gives it: full time always; half time null when the cells are empty. */
export interface FixtureResult {
  readonly fullTime: Score;
  readonly halfTime: Score | null;
  /** Full time present but half time (and the statistics) empty: a result awarded off the pitch. */
  readonly awarded: boolean;
}

/** One fixture row. */
export interface Fixture {
  /** 1-based line of the file (the header is line 1). */
  readonly line: number;
  readonly div: string;
  readonly homeTeam: string;
  readonly awayTeam: string;
  /** Kick-off instant (UTC epoch ms) from the UK date and time. */
  readonly kickoff: number;
  /** The calendar date in the UK, `yyyy-mm-dd`. */
  readonly ukDate: string;
  /** False when the file has no time (older seasons): kick-off is then taken as 15:00 UK. */
  readonly timeKnown: boolean;
  readonly result: FixtureResult | null;
  readonly prices: FixturePrices;
  /** Full-time statistics (HS, AS, HST, AST, HC, AC, HY, AY, HR, AR) of a played row; null when none. */
  readonly statistics: MatchStatistics | null;
}

/** A row skipped (`error`) or imported with something refused (`warning`); `line` null for the whole file. */
export interface RowProblem {
  readonly line: number | null;
  readonly level: 'error' | 'warning';
  readonly reason: string;
}

export interface ParsedFile {
  readonly fixtures: readonly Fixture[];
  readonly problems: readonly RowProblem[];
  /** Season of the file's earliest fixture, e.g. "2024-25" (July onwards starts a season); null when empty. */
  readonly season: string | null;
  /** Data rows read (excluding the header). */
  readonly rows: number;
}

/** Kick-off assumed when a file has no Time column (the traditional Saturday 15:00 UK). */
export const DEFAULT_UK_TIME = '15:00';
const UK = 'Europe/London';
const MIN_ODDS = 1.01;

/** Refusal reason of an odds cell, or its normalised text (two decimals at least). */
export const checkOdds = (
  cell: string | undefined,
): { ok: true; odds: PriceText } | { ok: false; reason: string } => {
  const text = (cell ?? '').trim();
  if (text === '') return { ok: false, reason: 'no price (empty)' };
  if (!/^\d+(\.\d+)?$/.test(text)) return { ok: false, reason: `not a price: ${text}` };
  if (Number(text) === 0) return { ok: false, reason: 'no price (0)' };
  if (Number(text) < MIN_ODDS) return { ok: false, reason: `impossible price ${text} (below ${MIN_ODDS})` };
  const [whole, fraction = ''] = text.split('.');
  return { ok: true, odds: `${Number(whole)}.${fraction.padEnd(2, '0')}` };
};

/**
 * The UK date and time as an instant. Two-digit years are 19yy from 70 up, otherwise 20yy.
 * Returns a reason instead when the text is not a real date or time.
 */
export const ukKickoff = (
  date: string,
  time: string | undefined,
): { ok: true; instant: number; ukDate: string } | { ok: false; reason: string } => {
  const d = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(date.trim());
  if (!d) return { ok: false, reason: `bad date "${date}" (dd/mm/yyyy or dd/mm/yy)` };
  const t = /^(\d{1,2}):(\d{2})$/.exec((time ?? DEFAULT_UK_TIME).trim() || DEFAULT_UK_TIME);
  if (!t) return { ok: false, reason: `bad time "${time}" (HH:MM)` };
  const yy = Number(d[3]);
  const year = d[3]!.length === 2 ? (yy >= 70 ? 1900 + yy : 2000 + yy) : yy;
  const [month, day, hour, minute] = [Number(d[2]), Number(d[1]), Number(t[1]), Number(t[2])];
  const local = new TZDate(year, month - 1, day, hour, minute, UK);
  if (
    local.getFullYear() !== year ||
    local.getMonth() !== month - 1 ||
    local.getDate() !== day ||
    hour > 23 ||
    minute > 59
  )
    return { ok: false, reason: `no such date or time "${date} ${time ?? ''}"` };
  const pad = (n: number) => String(n).padStart(2, '0');
  return { ok: true, instant: local.getTime(), ukDate: `${year}-${pad(month)}-${pad(day)}` };
};

/** Season label of a UK date `yyyy-mm-dd`: from July a season starts ("2024-25"). */
export const seasonOf = (ukDate: string): string => {
  const [year, month] = ukDate.split('-').map(Number) as [number, number];
  const start = month >= 7 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
};

/** Column names of one bookmaker's prices (README "1X2 odds", "Over/under 2.5", "Asian handicap"). */
export const priceColumns = (bookmaker: string, prices: PriceKind) => {
  // Pinnacle is PS in 1X2 columns but P in over/under and Asian handicap columns.
  const matchPrefix = bookmaker === 'P' ? 'PS' : bookmaker;
  const goalPrefix = bookmaker === 'PS' ? 'P' : bookmaker;
  const c = prices === 'closing' ? 'C' : '';
  return {
    matchOdds: [`${matchPrefix}${c}H`, `${matchPrefix}${c}D`, `${matchPrefix}${c}A`] as const,
    overUnder25: [`${goalPrefix}${c}>2.5`, `${goalPrefix}${c}<2.5`] as const,
    asianLine: prices === 'closing' ? 'AHCh' : 'AHh',
    asianHandicap: [`${goalPrefix}${c}AHH`, `${goalPrefix}${c}AHA`] as const,
  };
};

type Row = Record<string, string>;
const GOALS = /^\d{1,2}$/;

const scoreOf = (row: Row, home: string, away: string): Score | 'empty' | 'bad' => {
  const [h, a] = [(row[home] ?? '').trim(), (row[away] ?? '').trim()];
  if (h === '' && a === '') return 'empty';
  if (!GOALS.test(h) || !GOALS.test(a)) return 'bad';
  return { home: Number(h), away: Number(a) };
};

const resultOf = (row: Row, hasHalfTime: boolean): FixtureResult | null | string => {
  const fullTime = scoreOf(row, 'FTHG', 'FTAG');
  if (fullTime === 'empty') return null;
  if (fullTime === 'bad') return `bad full-time score "${row['FTHG']}-${row['FTAG']}"`;
  const ftr = (row['FTR'] ?? '').trim();
  const expected = fullTime.home > fullTime.away ? 'H' : fullTime.home < fullTime.away ? 'A' : 'D';
  if (ftr !== '' && ftr !== expected)
    return `FTR ${ftr} disagrees with the score ${fullTime.home}-${fullTime.away}`;
  const halfTime = hasHalfTime ? scoreOf(row, 'HTHG', 'HTAG') : 'empty';
  if (halfTime === 'bad') return `bad half-time score "${row['HTHG']}-${row['HTAG']}"`;
  if (halfTime !== 'empty' && (halfTime.home > fullTime.home || halfTime.away > fullTime.away))
    return `half-time score above the full-time score`;
  return halfTime === 'empty'
    ? { fullTime, halfTime: null, awarded: hasHalfTime }
    : { fullTime, halfTime, awarded: false };
};

const quarterLine = (text: string | undefined): string | null => {
  const t = (text ?? '').trim();
  if (!/^[+-]?\d+(\.\d+)?$/.test(t)) return null;
  const value = Number(t);
  return Number.isInteger(value * 4) ? String(value) : null;
};

interface Columns {
  readonly header: ReadonlySet<string>;
  readonly names: ReturnType<typeof priceColumns>;
}

const pricesOf = (row: Row, { header, names }: Columns, warn: (reason: string) => void): FixturePrices => {
  const read = (columns: readonly string[], market: string) => {
    if (!columns.every((c) => header.has(c))) return undefined;
    const checked = columns.map((c) => ({ column: c, check: checkOdds(row[c]) }));
    const refused = checked.filter((c) => !c.check.ok);
    if (refused.length > 0) {
      warn(
        `${market} refused: ${refused.map((r) => `${r.column} ${(r.check as { reason: string }).reason}`).join(', ')}`,
      );
      return undefined;
    }
    return checked.map((c) => (c.check as { odds: string }).odds);
  };
  const prices: { -readonly [K in keyof FixturePrices]: FixturePrices[K] } = {};
  const matchOdds = read(names.matchOdds, '1X2');
  if (matchOdds) prices.matchOdds = { home: matchOdds[0]!, draw: matchOdds[1]!, away: matchOdds[2]! };
  const overUnder = read(names.overUnder25, 'over/under 2.5');
  if (overUnder) prices.overUnder25 = { over: overUnder[0]!, under: overUnder[1]! };
  if (header.has(names.asianLine)) {
    const line = quarterLine(row[names.asianLine]);
    const odds = read(names.asianHandicap, 'Asian handicap');
    if (line === null && odds)
      warn(
        `Asian handicap refused: ${names.asianLine} "${row[names.asianLine] ?? ''}" is not a quarter line`,
      );
    else if (line !== null && odds) prices.asianHandicap = { line, home: odds[0]!, away: odds[1]! };
  }
  return prices;
};

/**
 * Parses one football-data.co.uk file (`text` as read, BOM and all). Every data row becomes a
 * {@link Fixture} or an `error` problem with its line; refused prices are `warning`s on their row;
 * columns absent for the chosen bookmaker are one file-level warning each.
 */
export const parseFootballData = (text: string, options: ParseOptions = {}): ParsedFile => {
  const problems: RowProblem[] = [];
  const records = parse(text, {
    bom: true,
    columns: (names: string[]) => names.map((n) => n.trim()),
    info: true,
    skip_empty_lines: true,
    relax_column_count: true,
    skip_records_with_error: true,
    on_skip: (error: { message: string; lines?: number } | undefined) => {
      problems.push({
        line: error?.lines ?? null,
        level: 'error',
        reason: error?.message ?? 'unreadable row',
      });
    },
  }) as unknown as { record: Row; info: { lines: number } }[];
  const skipped = problems.length;

  const headerNames = new Set(records[0] ? Object.keys(records[0].record) : []);
  const names = priceColumns(options.bookmaker ?? 'Avg', options.prices ?? 'closing');
  const columns: Columns = { header: headerNames, names };
  const hasTime = headerNames.has('Time');
  const hasHalfTime = headerNames.has('HTHG') && headerNames.has('HTAG');
  if (records.length > 0) {
    if (!hasTime)
      problems.push({
        line: null,
        level: 'warning',
        reason: `no Time column: kick-off taken as ${DEFAULT_UK_TIME} UK`,
      });
    for (const [market, wanted] of [
      ['1X2', names.matchOdds],
      ['over/under 2.5', names.overUnder25],
      ['Asian handicap', [names.asianLine, ...names.asianHandicap]],
    ] as const) {
      const missing = wanted.filter((c) => !headerNames.has(c));
      if (missing.length > 0)
        problems.push({
          line: null,
          level: 'warning',
          reason: `${market} not imported: no column ${missing.join(', ')}`,
        });
    }
  }

  const fixtures: Fixture[] = [];
  for (const { record: row, info } of records) {
    const line = info.lines;
    const fail = (reason: string) => problems.push({ line, level: 'error', reason });
    const [div, home, away] = [row['Div'], row['HomeTeam'], row['AwayTeam']].map((v) => (v ?? '').trim());
    if (!div || !home || !away) {
      fail('missing Div, HomeTeam or AwayTeam');
      continue;
    }
    if (home === away) {
      fail(`home and away are the same team (${home})`);
      continue;
    }
    const kickoff = ukKickoff(row['Date'] ?? '', hasTime ? row['Time'] : undefined);
    if (!kickoff.ok) {
      fail(kickoff.reason);
      continue;
    }
    const result = resultOf(row, hasHalfTime);
    if (typeof result === 'string') {
      fail(result);
      continue;
    }
    if (result?.awarded)
      problems.push({
        line,
        level: 'warning',
        reason: `${home}–${away}: full time ${result.fullTime.home}-${result.fullTime.away} with no half-time score (awarded result): no fixture fact recorded, staff enter the settling result`,
      });
    const prices = pricesOf(row, columns, (reason) => problems.push({ line, level: 'warning', reason }));
    fixtures.push({
      line,
      div,
      homeTeam: home,
      awayTeam: away,
      kickoff: kickoff.instant,
      ukDate: kickoff.ukDate,
      timeKnown: hasTime && (row['Time'] ?? '').trim() !== '',
      result,
      prices,
      statistics: result ? footballDataStatistics(row) : null,
    });
  }
  const earliest = fixtures.reduce<string | null>(
    (min, f) => (min === null || f.ukDate < min ? f.ukDate : min),
    null,
  );
  return {
    fixtures,
    problems: problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)),
    season: earliest === null ? null : seasonOf(earliest),
    rows: records.length + skipped,
  };
};
