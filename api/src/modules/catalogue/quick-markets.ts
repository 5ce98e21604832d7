/**
 * The home quick markets of one match, built exactly as spec §5 "Over/under outcomes" says (spec §3
 * "Expanded home match": way_3, double_chance, both_teams_to_score, over_or_under). Pure.
 */
import { BETTING_TYPE, EVENT_PART, OUTCOME_TYPE } from './conventions.ts';

/** The fields of an outcome the quick markets read; the view carries whatever else the betslip needs. */
export interface QuickOutcome {
  readonly bettingTypeId: number;
  readonly eventPartId: number;
  readonly typeId: number;
  /** Team id for participant outcomes, as text. */
  readonly participantId: string | null;
  readonly name: string;
}

export interface QuickMarkets<O> {
  readonly way3: { w1: O | null; draw: O | null; w2: O | null };
  readonly doubleChance: { xOr1: O | null; xOr2: O | null; or12: O | null };
  readonly bothTeamsToScore: { yes: O | null; no: O | null };
  readonly overUnder: { over: O[]; under: O[] };
}

const lineOf = (name: string): number => Number(/-?\d+(\.\d+)?/.exec(name)?.[0] ?? NaN);

/**
 * Spec §5: over/under (47) at event part 3 keeps names with a decimal point not ending .25/.75, split by
 * the Over/Under prefix and sorted by numeric line; 1X2 (69) typeId 10 is home or away by participant
 * id, typeId 11 the draw; double chance (9) participant home → '1 / X', away → '2 / X', else '1 / 2';
 * both teams to score (76) by name yes/no, case-insensitive. `homeId`/`awayId` are the teams' ids as text.
 */
export const quickMarkets = <O extends QuickOutcome>(
  outcomes: readonly O[],
  homeId: string,
  awayId: string,
): QuickMarkets<O> => {
  const q: QuickMarkets<O> = {
    way3: { w1: null, draw: null, w2: null },
    doubleChance: { xOr1: null, xOr2: null, or12: null },
    bothTeamsToScore: { yes: null, no: null },
    overUnder: { over: [], under: [] },
  };
  for (const o of outcomes) {
    switch (o.bettingTypeId) {
      case BETTING_TYPE.OVER_UNDER: {
        if (o.eventPartId !== EVENT_PART.FULL_TIME) break;
        if (!o.name.includes('.') || o.name.endsWith('.25') || o.name.endsWith('.75')) break;
        if (o.name.startsWith('Over')) q.overUnder.over.push(o);
        else if (o.name.startsWith('Under')) q.overUnder.under.push(o);
        break;
      }
      case BETTING_TYPE.MATCH_ODDS:
        if (o.typeId === OUTCOME_TYPE.PARTICIPANT) {
          if (o.participantId === homeId) q.way3.w1 = o;
          else if (o.participantId === awayId) q.way3.w2 = o;
        } else if (o.typeId === OUTCOME_TYPE.DRAW) q.way3.draw = o;
        break;
      case BETTING_TYPE.DOUBLE_CHANCE:
        if (o.participantId === homeId) q.doubleChance.xOr1 = o;
        else if (o.participantId === awayId) q.doubleChance.xOr2 = o;
        else q.doubleChance.or12 = o;
        break;
      case BETTING_TYPE.BOTH_TEAMS_TO_SCORE: {
        const name = o.name.trim().toLowerCase();
        if (name === 'yes') q.bothTeamsToScore.yes = o;
        else if (name === 'no') q.bothTeamsToScore.no = o;
        break;
      }
    }
  }
  q.overUnder.over.sort((a, b) => lineOf(a.name) - lineOf(b.name));
  q.overUnder.under.sort((a, b) => lineOf(a.name) - lineOf(b.name));
  return q;
};
