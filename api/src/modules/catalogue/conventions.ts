/**
 * The catalogue's codes (docs/catalogue.md "Conventions"): betting-type ids, outcome type ids, event
 * parts, match statuses, and how an outcome row maps to the domain's settlement {@link Leg}
 * (spec §3 "Outcome", §4 "Match status", §5 "Over/under outcomes", §9 market ids).
 */
import { BETTING_TYPE, EVENT_PART, MATCH_STATUS, OFFER_STATUS, OUTCOME_TYPE } from '@bashiri/domain';
import type { Leg, OddsText } from '@bashiri/domain';

// The codes live in the domain (domain/src/codes.ts, decision 0012); re-exported for the catalogue's users.
export { BETTING_TYPE, EVENT_PART, MATCH_STATUS, OFFER_STATUS, OUTCOME_TYPE };

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
