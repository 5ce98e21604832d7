/**
 * Settlement of one leg on its match's facts (betting-rules §2: ordinary time, abandoned, postponed).
 */
import { factsProblem, scoreText, type MatchFacts } from './facts.ts';
import { describeLeg, settleOnPartialScore, settleOnScore, splitLine, type Leg } from './markets.ts';
import { legResult, OUTCOME, type LegResult } from './outcome.ts';

const PICKS: Readonly<Record<Leg['market'], readonly string[] | RegExp>> = {
  '1x2': ['home', 'draw', 'away'],
  double_chance: ['1X', 'X2', '12'],
  both_teams_to_score: ['yes', 'no'],
  over_under: ['over', 'under'],
  asian_handicap: ['home', 'away'],
  correct_score: /^\d{1,2}-\d{1,2}$/,
  draw_no_bet: ['home', 'away'],
};

/** Why the leg is malformed (unknown market or pick, bad line), or `undefined`. */
export const legProblem = (leg: Leg): string | undefined => {
  const picks = PICKS[leg.market] as readonly string[] | RegExp | undefined;
  if (picks === undefined) return `unknown market ${String(leg.market)}`;
  const pickOk = picks instanceof RegExp ? picks.test(leg.pick) : picks.includes(leg.pick);
  if (!pickOk) return `pick ${leg.pick} is not a pick of ${leg.market}`;
  if (leg.period !== undefined && leg.period !== 'full_time' && leg.period !== 'first_half')
    return `unknown period ${String(leg.period)}`;
  if ('line' in leg && !splitLine(leg.line)) return `line ${leg.line} is not a multiple of 0.25`;
  if (leg.market === 'over_under' && leg.line.startsWith('-')) return `line ${leg.line} is below 0`;
  return undefined;
};

/**
 * The result of `leg` given its match's `facts` (betting-rules §2; spec §4 outcome codes):
 * - `not_started` → pending (0);
 * - malformed leg or impossible facts → abnormal (1), for staff to look at;
 * - `played` → settled on the half-time score (first-half markets) or the full-time score;
 * - `abandoned` → first-half markets settle normally when the first half was completed; otherwise
 *   markets already decided at abandonment stand and the rest are void (2);
 * - `postponed`, `cancelled` → void (2): the caller reports `played` instead when the match was completed
 *   within the operator's window.
 */
export const settleLeg = (leg: Leg, facts: MatchFacts): LegResult => {
  const legIssue = legProblem(leg);
  if (legIssue) return legResult(OUTCOME.ABNORMAL, 0, `${describeLeg(leg)}: ${legIssue}`);
  const factsIssue = factsProblem(facts);
  if (factsIssue)
    return legResult(OUTCOME.ABNORMAL, 0, `${describeLeg(leg)}: match facts wrong: ${factsIssue}`);
  const firstHalf = leg.period === 'first_half';
  switch (facts.status) {
    case 'not_started':
      return legResult(OUTCOME.PENDING, 0, `${describeLeg(leg)}: no result yet`);
    case 'postponed':
    case 'cancelled':
      return legResult(OUTCOME.REFUNDED, 1, `${describeLeg(leg)}: match ${facts.status}, void`);
    case 'played':
      return settleOnScore(leg, firstHalf ? facts.halfTime : facts.fullTime);
    case 'abandoned': {
      const why = `abandonment at ${facts.minute}'`;
      if (firstHalf && facts.halfTime !== undefined) {
        const result = settleOnScore(leg, facts.halfTime);
        return {
          ...result,
          rule: `${result.rule} (first half completed ${scoreText(facts.halfTime)} before ${why})`,
        };
      }
      return settleOnPartialScore(leg, facts.score, why);
    }
  }
};
