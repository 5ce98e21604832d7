import { describe, expect, it } from 'vitest';
import type { MatchFacts, Score } from './facts.ts';
import type { Leg } from './markets.ts';
import { OUTCOME } from './outcome.ts';
import { settleLeg } from './settle-leg.ts';

const s = (home: number, away: number): Score => ({ home, away });
const played = (ft: Score, ht: Score = s(0, 0)): MatchFacts => ({
  status: 'played',
  halfTime: ht,
  fullTime: ft,
});
const odds = '1.90';
type WithoutOdds<T> = T extends unknown ? Omit<T, 'odds'> : never;
type LegWithoutOdds = WithoutOdds<Leg>;
const outcome = (leg: LegWithoutOdds, facts: MatchFacts) => {
  const r = settleLeg({ ...leg, odds } as Leg, facts);
  return [r.outcome, r.voidFactor];
};
const { WON, LOST, REFUNDED, HALF_WON, HALF_LOST, PENDING, ABNORMAL } = OUTCOME;

describe('1X2, double chance, draw no bet (betting types 69, 9)', () => {
  it('given 2-1, when settled, then home wins, draw and away lose', () => {
    expect(outcome({ market: '1x2', pick: 'home' }, played(s(2, 1)))).toEqual([WON, 0]);
    expect(outcome({ market: '1x2', pick: 'draw' }, played(s(2, 1)))).toEqual([LOST, 0]);
    expect(outcome({ market: '1x2', pick: 'away' }, played(s(2, 1)))).toEqual([LOST, 0]);
  });
  it('given 1-1, when double chance is settled, then 1X and X2 win, 12 loses', () => {
    expect(outcome({ market: 'double_chance', pick: '1X' }, played(s(1, 1)))).toEqual([WON, 0]);
    expect(outcome({ market: 'double_chance', pick: 'X2' }, played(s(1, 1)))).toEqual([WON, 0]);
    expect(outcome({ market: 'double_chance', pick: '12' }, played(s(1, 1)))).toEqual([LOST, 0]);
  });
  it('given a draw, when draw no bet is settled, then void; given an away win, then home loses', () => {
    expect(outcome({ market: 'draw_no_bet', pick: 'home' }, played(s(0, 0)))).toEqual([REFUNDED, 1]);
    expect(outcome({ market: 'draw_no_bet', pick: 'home' }, played(s(0, 1)))).toEqual([LOST, 0]);
    expect(outcome({ market: 'draw_no_bet', pick: 'away' }, played(s(0, 1)))).toEqual([WON, 0]);
  });
  it('given half-time 1-0 and full time 1-2, when first-half 1X2 is settled, then it uses the half-time score', () => {
    expect(outcome({ market: '1x2', period: 'first_half', pick: 'home' }, played(s(1, 2), s(1, 0)))).toEqual([
      WON,
      0,
    ]);
    expect(outcome({ market: '1x2', pick: 'home' }, played(s(1, 2), s(1, 0)))).toEqual([LOST, 0]);
  });
});

describe('both teams to score (76) and correct score (45)', () => {
  it('given 1-1, when settled, then BTTS yes wins; given 2-0, then BTTS no wins', () => {
    expect(outcome({ market: 'both_teams_to_score', pick: 'yes' }, played(s(1, 1)))).toEqual([WON, 0]);
    expect(outcome({ market: 'both_teams_to_score', pick: 'no' }, played(s(2, 0)))).toEqual([WON, 0]);
    expect(outcome({ market: 'both_teams_to_score', pick: 'yes' }, played(s(2, 0)))).toEqual([LOST, 0]);
  });
  it('given 2-1, when correct score 2-1 and 1-2 are settled, then the exact score wins', () => {
    expect(outcome({ market: 'correct_score', pick: '2-1' }, played(s(2, 1)))).toEqual([WON, 0]);
    expect(outcome({ market: 'correct_score', pick: '1-2' }, played(s(2, 1)))).toEqual([LOST, 0]);
  });
});

describe('over/under (47), every line', () => {
  it('given 3 goals, when over/under 2.5 is settled, then over wins', () => {
    expect(outcome({ market: 'over_under', pick: 'over', line: '2.5' }, played(s(2, 1)))).toEqual([WON, 0]);
    expect(outcome({ market: 'over_under', pick: 'under', line: '2.5' }, played(s(2, 1)))).toEqual([LOST, 0]);
  });
  it('given 2 goals on line 2, when settled, then void', () => {
    expect(outcome({ market: 'over_under', pick: 'over', line: '2' }, played(s(1, 1)))).toEqual([
      REFUNDED,
      1,
    ]);
  });
  it('given 2 goals on line 2.25, when settled, then over half lost and under half won', () => {
    expect(outcome({ market: 'over_under', pick: 'over', line: '2.25' }, played(s(1, 1)))).toEqual([
      HALF_LOST,
      0.5,
    ]);
    expect(outcome({ market: 'over_under', pick: 'under', line: '2.25' }, played(s(1, 1)))).toEqual([
      HALF_WON,
      0.5,
    ]);
  });
  it('given 3 goals on line 2.75, when settled, then over half won', () => {
    expect(outcome({ market: 'over_under', pick: 'over', line: '2.75' }, played(s(2, 1)))).toEqual([
      HALF_WON,
      0.5,
    ]);
    expect(outcome({ market: 'over_under', pick: 'under', line: '2.75' }, played(s(2, 1)))).toEqual([
      HALF_LOST,
      0.5,
    ]);
  });
  it('given first-half over 0.5 and a goalless first half, when settled, then lost', () => {
    expect(
      outcome(
        { market: 'over_under', period: 'first_half', pick: 'over', line: '0.5' },
        played(s(3, 0), s(0, 0)),
      ),
    ).toEqual([LOST, 0]);
  });
});

describe('Asian handicap (48), every line (betting-rules §2 examples)', () => {
  it('given home −0.25 at 1-1, when settled, then half lost', () => {
    expect(outcome({ market: 'asian_handicap', pick: 'home', line: '-0.25' }, played(s(1, 1)))).toEqual([
      HALF_LOST,
      0.5,
    ]);
  });
  it('given home −0.75 at 1-0, when settled, then half won', () => {
    expect(outcome({ market: 'asian_handicap', pick: 'home', line: '-0.75' }, played(s(1, 0)))).toEqual([
      HALF_WON,
      0.5,
    ]);
  });
  it('given away +0.25 at 1-1, when settled, then half won; given away +1 at 1-0, then void', () => {
    expect(outcome({ market: 'asian_handicap', pick: 'away', line: '+0.25' }, played(s(1, 1)))).toEqual([
      HALF_WON,
      0.5,
    ]);
    expect(outcome({ market: 'asian_handicap', pick: 'away', line: '1' }, played(s(1, 0)))).toEqual([
      REFUNDED,
      1,
    ]);
  });
  it('given home −1.5 at 2-0 and home 0 at 0-0, when settled, then won and void', () => {
    expect(outcome({ market: 'asian_handicap', pick: 'home', line: '-1.5' }, played(s(2, 0)))).toEqual([
      WON,
      0,
    ]);
    expect(outcome({ market: 'asian_handicap', pick: 'home', line: '0' }, played(s(0, 0)))).toEqual([
      REFUNDED,
      1,
    ]);
  });
  it('given home −1.25 at 2-1, when settled, then half lost (−1 push, −1.5 lost)', () => {
    expect(outcome({ market: 'asian_handicap', pick: 'home', line: '-1.25' }, played(s(2, 1)))).toEqual([
      HALF_LOST,
      0.5,
    ]);
  });
});

describe('abandoned, postponed and cancelled matches (betting-rules §2)', () => {
  const abandoned = (score: Score, minute: number, halfTime?: Score): MatchFacts =>
    halfTime ? { status: 'abandoned', minute, score, halfTime } : { status: 'abandoned', minute, score };
  it('given 3 goals before abandonment, when over 2.5 is settled, then it stands as won (already passed)', () => {
    expect(
      outcome({ market: 'over_under', pick: 'over', line: '2.5' }, abandoned(s(2, 1), 70, s(1, 1))),
    ).toEqual([WON, 0]);
    expect(
      outcome({ market: 'over_under', pick: 'under', line: '2.5' }, abandoned(s(2, 1), 70, s(1, 1))),
    ).toEqual([LOST, 0]);
  });
  it('given 1 goal before abandonment, when over 2.5 is settled, then void', () => {
    expect(
      outcome({ market: 'over_under', pick: 'over', line: '2.5' }, abandoned(s(1, 0), 70, s(1, 0))),
    ).toEqual([REFUNDED, 1]);
  });
  it('given 2 goals before abandonment, when over 1.75 is settled, then half won (1.5 passed, 2 undecided)', () => {
    expect(
      outcome({ market: 'over_under', pick: 'over', line: '1.75' }, abandoned(s(1, 1), 60, s(1, 1))),
    ).toEqual([HALF_WON, 0.5]);
  });
  it('given both teams scored before abandonment, when BTTS is settled, then it stands', () => {
    expect(outcome({ market: 'both_teams_to_score', pick: 'yes' }, abandoned(s(1, 1), 30))).toEqual([WON, 0]);
    expect(outcome({ market: 'both_teams_to_score', pick: 'no' }, abandoned(s(1, 1), 30))).toEqual([LOST, 0]);
    expect(outcome({ market: 'both_teams_to_score', pick: 'yes' }, abandoned(s(1, 0), 30))).toEqual([
      REFUNDED,
      1,
    ]);
  });
  it('given an abandonment after half time, when first-half markets are settled, then they settle normally', () => {
    expect(
      outcome({ market: '1x2', period: 'first_half', pick: 'draw' }, abandoned(s(2, 0), 60, s(0, 0))),
    ).toEqual([WON, 0]);
    expect(
      outcome(
        { market: 'correct_score', period: 'first_half', pick: '1-0' },
        abandoned(s(2, 0), 60, s(0, 0)),
      ),
    ).toEqual([LOST, 0]);
  });
  it('given an abandonment in the first half, when first-half 1X2 is settled, then void', () => {
    expect(outcome({ market: '1x2', period: 'first_half', pick: 'home' }, abandoned(s(1, 0), 30))).toEqual([
      REFUNDED,
      1,
    ]);
  });
  it('given a full-time market on an abandoned match, when not yet decided, then void', () => {
    for (const leg of [
      { market: '1x2', pick: 'home' },
      { market: 'double_chance', pick: '1X' },
      { market: 'asian_handicap', pick: 'home', line: '-0.5' },
      { market: 'draw_no_bet', pick: 'home' },
      { market: 'correct_score', pick: '3-1' },
    ] as const)
      expect(outcome(leg, abandoned(s(2, 0), 80, s(1, 0)))).toEqual([REFUNDED, 1]);
  });
  it('given a correct score already passed at abandonment, when settled, then lost (decided)', () => {
    expect(outcome({ market: 'correct_score', pick: '1-0' }, abandoned(s(2, 0), 80, s(1, 0)))).toEqual([
      LOST,
      0,
    ]);
  });
  it('given a postponed or cancelled match, when settled, then void', () => {
    expect(outcome({ market: '1x2', pick: 'home' }, { status: 'postponed' })).toEqual([REFUNDED, 1]);
    expect(outcome({ market: 'over_under', pick: 'over', line: '0.5' }, { status: 'cancelled' })).toEqual([
      REFUNDED,
      1,
    ]);
  });
  it('given no result yet, when settled, then pending', () => {
    expect(outcome({ market: '1x2', pick: 'home' }, { status: 'not_started' })).toEqual([PENDING, 0]);
  });
});

describe('malformed legs and impossible facts → abnormal', () => {
  it('given a line that is not a multiple of 0.25, when settled, then abnormal with the reason', () => {
    const r = settleLeg({ market: 'over_under', pick: 'over', line: '2.3', odds }, played(s(1, 1)));
    expect(r).toMatchObject({ outcome: ABNORMAL, rule: expect.stringContaining('not a multiple of 0.25') });
  });
  it('given an unknown pick or a negative goal line, when settled, then abnormal', () => {
    expect(outcome({ market: '1x2', pick: 'x' } as unknown as Leg, played(s(1, 1)))[0]).toBe(ABNORMAL);
    expect(outcome({ market: 'over_under', pick: 'over', line: '-0.5' }, played(s(1, 1)))[0]).toBe(ABNORMAL);
    expect(outcome({ market: 'correct_score', pick: '2:1' }, played(s(2, 1)))[0]).toBe(ABNORMAL);
  });
  it('given a full-time score below the half-time score, when settled, then abnormal', () => {
    expect(outcome({ market: '1x2', pick: 'home' }, played(s(0, 0), s(1, 0)))[0]).toBe(ABNORMAL);
  });
});

describe('rule applied', () => {
  it('given a quarter line, when settled, then the rule explains the split', () => {
    const r = settleLeg(
      { market: 'asian_handicap', pick: 'home', line: '-0.25', odds: '1.95' },
      played(s(1, 1)),
    );
    expect(r.rule).toBe('Asian handicap home -0.25: 1-1 (quarter line: half stake on -0.5, half on 0)');
  });
});
