/**
 * Match statistics and goal minutes (issue 16 items 1, 2; spec §3 "Match statistics": corners, yellow
 * and red cards, shots on and off target, half and current score). Pure: no IO, no clock.
 *
 * The football-data files carry full-time totals per side (shared/data/README.md §1): HS/AS shots,
 * HST/AST shots on target, HC/AC corners, HY/AY yellow cards, HR/AR red cards. The importer stores them
 * as they are on ended matches; the demo feed shows them growing with the match clock
 * ({@link statisticsAt}) and the totals at the final whistle. A pair is absent when the source lacks it.
 */

/** One statistic of both sides: whole counts. */
export interface SidePair {
  readonly home: number;
  readonly away: number;
}

/** The statistics a source gave (each pair absent when the source has no such columns). */
export interface MatchStatistics {
  /** All shots (on and off target), HS/AS. */
  readonly shots?: SidePair;
  /** Shots on target, HST/AST. */
  readonly shotsOnTarget?: SidePair;
  /** Corners, HC/AC. */
  readonly corners?: SidePair;
  /** Yellow cards, HY/AY. */
  readonly yellowCards?: SidePair;
  /** Red cards, HR/AR. */
  readonly redCards?: SidePair;
}

/** The statistic names, in display order. */
export const STATISTIC_KEYS = ['shots', 'shotsOnTarget', 'corners', 'yellowCards', 'redCards'] as const;
export type StatisticKey = (typeof STATISTIC_KEYS)[number];

/** The football-data columns of each statistic (home, away). */
export const FOOTBALL_DATA_STATISTIC_COLUMNS: Readonly<Record<StatisticKey, readonly [string, string]>> = {
  shots: ['HS', 'AS'],
  shotsOnTarget: ['HST', 'AST'],
  corners: ['HC', 'AC'],
  yellowCards: ['HY', 'AY'],
  redCards: ['HR', 'AR'],
};

const COUNT = /^\d{1,3}$/;

/**
 * The statistics of one football-data row (`row` keyed by header name): a pair when both of its cells
 * are whole numbers; null when the row has none. Shots on target above shots drop the shots pair.
 */
export const footballDataStatistics = (
  row: Readonly<Record<string, string | undefined>>,
): MatchStatistics | null => {
  const out: Partial<Record<StatisticKey, SidePair>> = {};
  for (const key of STATISTIC_KEYS) {
    const [h, a] = FOOTBALL_DATA_STATISTIC_COLUMNS[key].map((c) => (row[c] ?? '').trim());
    if (COUNT.test(h!) && COUNT.test(a!)) out[key] = { home: Number(h), away: Number(a) };
  }
  if (
    out.shots &&
    out.shotsOnTarget &&
    (out.shotsOnTarget.home > out.shots.home || out.shotsOnTarget.away > out.shots.away)
  )
    delete out.shots;
  return Object.keys(out).length === 0 ? null : out;
};

/** Minutes of ordinary time (the replay is of ordinary time). */
export const ORDINARY_TIME_MINUTES = 90;

/**
 * What a live match shows at `playedMinutes` (0 to 90 and beyond, stoppage included): each total
 * spread evenly over the 90 minutes, floor(total × played / 90), the whole total from minute 90 on.
 * Never decreases as the minute grows; never above the total.
 */
export const statisticsAt = (totals: MatchStatistics, playedMinutes: number): MatchStatistics => {
  const share = Math.min(1, Math.max(0, playedMinutes / ORDINARY_TIME_MINUTES));
  const out: Partial<Record<StatisticKey, SidePair>> = {};
  for (const key of STATISTIC_KEYS) {
    const pair = totals[key];
    if (pair)
      out[key] = { home: Math.floor(pair.home * share + 1e-9), away: Math.floor(pair.away * share + 1e-9) };
  }
  return out;
};

/** A goal as lists and the match page show it: the side and the minute text ('23', '45+1', '90+4'). */
export interface GoalView {
  readonly side: 'home' | 'away';
  readonly minute: string;
}

/** The minute text of a goal in half `half` at `minute` (1–45 or 46–90) plus `stoppage`. */
export const goalMinuteText = (half: 1 | 2, minute: number, stoppage: number): string =>
  stoppage > 0 ? `${half === 1 ? 45 : 90}+${stoppage}` : String(minute);

/** Whether two statistics (as stored, null when none) hold the same counts, whatever the key order. */
export const sameStatistics = (
  a: MatchStatistics | null | undefined,
  b: MatchStatistics | null | undefined,
): boolean =>
  (a ?? null) === null || (b ?? null) === null
    ? (a ?? null) === (b ?? null)
    : STATISTIC_KEYS.every((k) => a![k]?.home === b![k]?.home && a![k]?.away === b![k]?.away);
