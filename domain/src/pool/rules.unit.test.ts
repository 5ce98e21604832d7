import { describe, expect, it } from 'vitest';
import { jackpotPicks } from './fixtures.ts';
import { exceedsMaxRangeOdds, oddsRange, poolRules } from './rules.ts';
import { poolTermsFromSpec, specJackpotInfo } from './spec-record.ts';
import { ticketMaxPrize } from './ticket-prize.ts';
import { DEFAULT_JACKPOT_TERMS as JP, DEFAULT_LUCKY_SIX_TERMS as L6 } from './terms.ts';

describe('rules page data (spec §2 /string_ball/rules, generated from the configuration)', () => {
  it('states the jackpot terms in force', () => {
    expect(poolRules(JP, 10)).toMatchObject({
      game: 'jackpot',
      matches: 13,
      outcomes: ['1', 'X', '2'],
      maxPicksPerMatch: 2,
      maxDoubles: 5,
      maxLines: 32,
      betAmount: 1_000,
      maxStake: 32_000,
      poolSharePercent: '15',
      initJackpot: 200_000_000,
      maxAddBalance: 5_000_000,
      minPrizeHits: 10,
      maxVoid: 3,
      voidAfterHours: 24,
      taxRatePercent: 10,
      closesAt: 'first_kick_off',
      maxRangeOdds: '0.5',
    });
    expect(poolRules(JP, 10).tiers[0]).toEqual({
      hits: 13,
      rewardType: 'poolPercent',
      proportion: '40',
      sharesSeed: true,
      rollsOver: true,
    });
  });

  it('states the Lucky Six terms: one score a match, 37 outcomes, 4 correct to win', () => {
    const rules = poolRules(L6, 10);
    expect(rules).toMatchObject({
      matches: 6,
      maxPicksPerMatch: 1,
      maxLines: 1,
      minPrizeHits: 4,
      maxVoid: 1,
    });
    expect(rules.outcomes).toHaveLength(37);
    expect(rules.tiers.every((t) => !t.sharesSeed)).toBe(true);
  });
});

describe('max_range_odds (our reading, decision 0015)', () => {
  it('measures how one-sided a match is; flags one above 0.5', () => {
    expect(oddsRange('2.10', '3.60').round(2).toFixed(2)).toBe('0.26');
    expect(oddsRange('11.00', '1.25').toFixed(3)).toBe('0.795');
    expect(exceedsMaxRangeOdds('2.10', '3.60', '0.5')).toBe(false);
    expect(exceedsMaxRangeOdds('1.25', '11.00', '0.5')).toBe(true);
  });
});

describe('max profit of a ticket (spec §3 "Jackpot bet")', () => {
  it('one line at 13, the others at the tiers below, each at its ceiling', () => {
    // Pool 18,345,678: ceilings 207,338,271 (13, with the seed), 4,586,419 (12), 3,669,135 (11).
    expect(ticketMaxPrize(JP, jackpotPicks(), 18_345_678)).toBe(207_338_271);
    expect(ticketMaxPrize(JP, jackpotPicks(13, [1, 2]), 18_345_678)).toBe(
      207_338_271 + 2 * 4_586_419 + 3_669_135,
    );
  });
});

describe('jackpot info as the spec names it (spec §3, §7 guessing_bet_type/inquire)', () => {
  it('reads the spec record over the defaults, and writes it with the accumulated jackpot', () => {
    const terms = poolTermsFromSpec(
      { guess_number: 20, max_choose: '3', bet_amount: 300, increment: 0.2, label: null },
      JP,
    );
    expect(terms).toMatchObject({
      guessNumber: 20,
      maxChoose: 3,
      betAmount: 300,
      increment: '0.2',
      initJackpot: 200_000_000,
    });
    const info = specJackpotInfo(JP, 1, 'Jackpot', 18_345_678);
    expect(info).toMatchObject({
      id: 1,
      init_jackpot: 200_000_000,
      guess_number: 13,
      increment: '0.15',
      jackpot: 7_338_271,
    });
    expect(poolTermsFromSpec(info, L6)).toEqual({
      ...L6,
      ...JP,
      game: 'luckysix',
      maxVoid: L6.maxVoid,
      tiers: L6.tiers,
      creditAllowed: false,
    });
  });
});
