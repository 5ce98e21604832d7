/**
 * Football markets and their settlement on final scores, and on scores at abandonment where only
 * already-decided markets stand (betting-rules §2; spec §3 betting types 69, 9, 76, 47, 48, 45).
 */
import { dec, type Decimal } from '../money/decimal.ts';
import type { OddsText } from '../money/odds.ts';
import type { Score } from './facts.ts';
import { combineHalves, legResult, OUTCOME, type LegResult } from './outcome.ts';

/** Which part of the match the market is on: ordinary time (event part 3) or the first half. */
export type Period = 'full_time' | 'first_half';
/** A team, as picked in Asian handicap and draw no bet. */
export type Side = 'home' | 'away';

interface LegBase {
  /** Default `full_time`. */
  readonly period?: Period;
  /** Decimal odds as text. */
  readonly odds: OddsText;
}

/**
 * One leg of a bet. `line` is decimal text and a multiple of 0.25: for over/under the goal line (e.g.
 * "2.5", "2.25"); for Asian handicap the handicap of the picked side (home −0.25 is
 * `{ pick: 'home', line: '-0.25' }`). Correct-score picks are "home-away", e.g. "2-1".
 */
export type Leg = LegBase &
  (
    | { readonly market: '1x2'; readonly pick: 'home' | 'draw' | 'away' }
    | { readonly market: 'double_chance'; readonly pick: '1X' | 'X2' | '12' }
    | { readonly market: 'both_teams_to_score'; readonly pick: 'yes' | 'no' }
    | { readonly market: 'over_under'; readonly pick: 'over' | 'under'; readonly line: string }
    | { readonly market: 'asian_handicap'; readonly pick: Side; readonly line: string }
    | { readonly market: 'correct_score'; readonly pick: string }
    | { readonly market: 'draw_no_bet'; readonly pick: Side }
  );
/** Market kinds this engine settles. */
export type Market = Leg['market'];

/** Spec betting-type ids (spec §3 catalogue, §5, §9); draw no bet has no id in the spec. */
export const BETTING_TYPE_ID: Readonly<Partial<Record<Market, number>>> = {
  '1x2': 69,
  double_chance: 9,
  both_teams_to_score: 76,
  over_under: 47,
  asian_handicap: 48,
  correct_score: 45,
};

/** Every {@link Market}, in the order of docs/cli.md. */
export const MARKETS: readonly Market[] = [
  '1x2',
  'double_chance',
  'both_teams_to_score',
  'over_under',
  'asian_handicap',
  'correct_score',
  'draw_no_bet',
];

type Half = 'win' | 'push' | 'lose';

/** Plain description of a leg, e.g. "first half Over 2.25", "Asian handicap home -0.75". */
export const describeLeg = (leg: Leg): string => {
  const period = leg.period === 'first_half' ? 'first half ' : '';
  const line = 'line' in leg ? ` ${leg.line}` : '';
  return `${period}${leg.market.replaceAll('_', ' ')} ${leg.pick}${line}`;
};

/** The two half-stake lines of a quarter line (x.25 / x.75), or the line itself twice. Undefined if not a multiple of 0.25. */
export const splitLine = (line: string): readonly [Decimal, Decimal] | undefined => {
  if (!/^[+-]?\d+(\.\d+)?$/.test(line)) return undefined;
  const value = dec(line.replace(/^\+/, ''));
  const quarters = value.times(4);
  if (!quarters.round(0).eq(quarters)) return undefined;
  const isQuarter = quarters.mod(2).abs().eq(1);
  return isQuarter ? [value.minus('0.25'), value.plus('0.25')] : [value, value];
};

const compare = (margin: Decimal): Half => (margin.gt(0) ? 'win' : margin.eq(0) ? 'push' : 'lose');

const fromHalves = (a: Half, b: Half, rule: string): LegResult => {
  const { outcome, voidFactor } = combineHalves(a, b);
  return legResult(outcome, voidFactor, rule);
};

const wonOrLost = (won: boolean, rule: string): LegResult =>
  legResult(won ? OUTCOME.WON : OUTCOME.LOST, 0, rule);

const invalid = (leg: Leg, why: string): LegResult =>
  legResult(OUTCOME.ABNORMAL, 0, `${describeLeg(leg)}: ${why}`);

/** The leg's result on the final score of its period (betting-rules §2, §2 "Asian quarter lines"). */
export const settleOnScore = (leg: Leg, score: Score): LegResult => {
  const { home, away } = score;
  const at = `${home}-${away}`;
  const result = home > away ? 'home' : home < away ? 'away' : 'draw';
  switch (leg.market) {
    case '1x2':
      return wonOrLost(leg.pick === result, `1X2 ${leg.pick}: ${at}, ${result}`);
    case 'double_chance': {
      const covers = { '1X': ['home', 'draw'], X2: ['draw', 'away'], '12': ['home', 'away'] }[leg.pick];
      return wonOrLost(covers.includes(result), `double chance ${leg.pick}: ${at}, ${result}`);
    }
    case 'both_teams_to_score':
      return wonOrLost(
        (home > 0 && away > 0) === (leg.pick === 'yes'),
        `both teams to score ${leg.pick}: ${at}`,
      );
    case 'correct_score':
      return wonOrLost(leg.pick === at, `correct score ${leg.pick}: ${at}`);
    case 'draw_no_bet':
      return result === 'draw'
        ? legResult(OUTCOME.REFUNDED, 1, `draw no bet ${leg.pick}: ${at}, draw refunds the stake`)
        : wonOrLost(leg.pick === result, `draw no bet ${leg.pick}: ${at}, ${result}`);
    case 'over_under': {
      const lines = splitLine(leg.line);
      if (!lines || lines[0].lt(0)) return invalid(leg, 'line must be a multiple of 0.25, >= 0');
      const goals = home + away;
      const half = (line: Decimal): Half =>
        compare(leg.pick === 'over' ? dec(goals).minus(line) : line.minus(goals));
      return fromHalves(
        half(lines[0]),
        half(lines[1]),
        `${leg.pick} ${leg.line}: ${goals} goals${quarterNote(leg.line, lines)}`,
      );
    }
    case 'asian_handicap': {
      const lines = splitLine(leg.line);
      if (!lines) return invalid(leg, 'line must be a multiple of 0.25');
      const margin = leg.pick === 'home' ? home - away : away - home;
      const half = (line: Decimal): Half => compare(dec(margin).plus(line));
      return fromHalves(
        half(lines[0]),
        half(lines[1]),
        `Asian handicap ${leg.pick} ${leg.line}: ${at}${quarterNote(leg.line, lines)}`,
      );
    }
  }
};

const quarterNote = (line: string, [a, b]: readonly [Decimal, Decimal]): string =>
  a.eq(b) ? '' : ` (quarter line: half stake on ${a.toFixed()}, half on ${b.toFixed()})`;

/**
 * The leg's result when the match stopped at `score` before its period ended (betting-rules §2
 * "Abandoned"): markets already decided stand, the rest are void. Decided: an over line already passed
 * (won) and the under on it (lost), per half of a quarter line; both teams to score once both have
 * scored; a correct score one side has already passed (lost). Everything else is void.
 */
export const settleOnPartialScore = (leg: Leg, score: Score, why: string): LegResult => {
  const { home, away } = score;
  const at = `${home}-${away}`;
  const voided = legResult(OUTCOME.REFUNDED, 1, `${describeLeg(leg)}: ${why} at ${at}, not decided, void`);
  switch (leg.market) {
    case 'both_teams_to_score':
      return home > 0 && away > 0
        ? wonOrLost(
            leg.pick === 'yes',
            `both teams to score ${leg.pick}: both had scored (${at}) before ${why}, stands`,
          )
        : voided;
    case 'correct_score': {
      const [pickHome, pickAway] = leg.pick.split('-').map(Number);
      return home > (pickHome ?? 0) || away > (pickAway ?? 0)
        ? wonOrLost(false, `correct score ${leg.pick}: already passed (${at}) before ${why}, stands`)
        : voided;
    }
    case 'over_under': {
      const lines = splitLine(leg.line);
      if (!lines || lines[0].lt(0)) return invalid(leg, 'line must be a multiple of 0.25, >= 0');
      const goals = home + away;
      const passed = (line: Decimal): Half =>
        dec(goals).gt(line) ? (leg.pick === 'over' ? 'win' : 'lose') : 'push';
      const [a, b] = [passed(lines[0]), passed(lines[1])];
      if (a === 'push' && b === 'push') return voided;
      return fromHalves(
        a,
        b,
        `${leg.pick} ${leg.line}: ${goals} goals before ${why}; passed lines stand, the rest void${quarterNote(leg.line, lines)}`,
      );
    }
    default:
      return voided;
  }
};
