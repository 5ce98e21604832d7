/**
 * The catalogue's codes (docs/catalogue.md "Conventions"): betting-type ids, outcome type ids, event
 * parts, match statuses, and how an outcome row maps to the domain's settlement {@link Leg}
 * (spec §3 "Outcome", §4 "Match status", §5 "Over/under outcomes", §9 market ids).
 */
import type { Leg, OddsText } from '@bashiri/domain';

/** Spec betting-type ids (§3 catalogue, §9), plus our own ids ≥ 1000 for types the spec gives none. */
export const BETTING_TYPE = {
  MATCH_ODDS: 69,
  DOUBLE_CHANCE: 9,
  BOTH_TEAMS_TO_SCORE: 76,
  OVER_UNDER: 47,
  ASIAN_HANDICAP: 48,
  CORRECT_SCORE: 45,
  /** Ours: the spec names no id for draw no bet. */
  DRAW_NO_BET: 1001,
  /** Ours: half-time 1X2 (event part 1), kept apart from 69 so the home 1X2 block never shows it. */
  HALF_TIME_MATCH_ODDS: 1002,
} as const;

/** Spec outcome `typeId`s (§5): 10 a participant (home or away by participant id), 11 the draw, … */
export const OUTCOME_TYPE = {
  PARTICIPANT: 10,
  DRAW: 11,
  OVER: 12,
  UNDER: 13,
  YES: 14,
  NO: 15,
  DOUBLE_CHANCE: 16,
  SCORE: 17,
} as const;

/** Event parts (spec §9: 3 is full time, "Ordinary Time"); 1 is our first half. */
export const EVENT_PART = { FIRST_HALF: 1, FULL_TIME: 3 } as const;

/** Spec §4 match status codes. */
export const MATCH_STATUS = {
  NOT_STARTED: 1,
  IN_PROGRESS: 2,
  ENDED: 3,
  PAUSED: 4,
  CANCELLED: 5,
  CANCELLED_BEFORE_START: 6,
  CANCELLED_AFTER_START: 7,
  ABANDONED_AFTER_START: 8,
} as const;

/** Outcome and market `status_id`: 1 open, 2 suspended, 3 settled/closed, 4 removed. */
export const OFFER_STATUS = { OPEN: 1, SUSPENDED: 2, CLOSED: 3, REMOVED: 4 } as const;

/** Name of an event part as the betslip shows it (spec §9: "Ordinary Time" is shown blank). */
export const partName = (eventPartId: number): string =>
  eventPartId === EVENT_PART.FIRST_HALF ? '1st Half' : '';

/** What an outcome row needs to become a leg. `line` as decimal text (numeric column), or null. */
export interface OutcomeForLeg {
  readonly bettingTypeId: number;
  readonly eventPartId: number;
  readonly pick: string;
  readonly line: string | null;
  readonly odds: OddsText;
}

const lineText = (line: string | null): string | undefined =>
  line === null ? undefined : String(Number(line));

/**
 * The settlement leg of an outcome (domain `Leg`), or `undefined` for a betting type we do not settle.
 * First-half markets carry `period: 'first_half'`.
 */
export const legOfOutcome = (o: OutcomeForLeg): Leg | undefined => {
  const period = o.eventPartId === EVENT_PART.FIRST_HALF ? ({ period: 'first_half' } as const) : {};
  const base = { ...period, odds: o.odds };
  const line = lineText(o.line);
  switch (o.bettingTypeId) {
    case BETTING_TYPE.MATCH_ODDS:
      return { ...base, market: '1x2', pick: o.pick as 'home' | 'draw' | 'away' };
    case BETTING_TYPE.HALF_TIME_MATCH_ODDS:
      return { period: 'first_half', odds: o.odds, market: '1x2', pick: o.pick as 'home' | 'draw' | 'away' };
    case BETTING_TYPE.DOUBLE_CHANCE:
      return { ...base, market: 'double_chance', pick: o.pick as '1X' | 'X2' | '12' };
    case BETTING_TYPE.BOTH_TEAMS_TO_SCORE:
      return { ...base, market: 'both_teams_to_score', pick: o.pick as 'yes' | 'no' };
    case BETTING_TYPE.OVER_UNDER:
      return line === undefined
        ? undefined
        : { ...base, market: 'over_under', pick: o.pick as 'over' | 'under', line };
    case BETTING_TYPE.ASIAN_HANDICAP:
      return line === undefined
        ? undefined
        : { ...base, market: 'asian_handicap', pick: o.pick as 'home' | 'away', line };
    case BETTING_TYPE.CORRECT_SCORE:
      return { ...base, market: 'correct_score', pick: o.pick };
    case BETTING_TYPE.DRAW_NO_BET:
      return { ...base, market: 'draw_no_bet', pick: o.pick as 'home' | 'away' };
    default:
      return undefined;
  }
};
