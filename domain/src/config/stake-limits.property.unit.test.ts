/**
 * Properties of the stake limits per channel (spec §9 "min and max bet for mobile and desktop, and for
 * balance and free-bet payment"; docs/betting.md "Stake limits"): the minimum is the larger of the
 * pay-type and channel minimums, the maximum the smaller of `maxBetAmount` and the channel maximum; the
 * slip validation and the amount normalisation keep to them. Amounts in TZS.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseAmount } from '../pricing/amount.ts';
import { validateSlip } from '../pricing/validate.ts';
import {
  DEFAULT_BET_CONFIG,
  minimumStake,
  stakeLimits,
  type BetChannel,
  type BetConfig,
  type PayType,
} from './bet-config.ts';

/** Whole hundreds of TZS, as staff may set them. */
const hundreds = (max: number) => fc.integer({ min: 1, max }).map((n) => n * 100);
const limit = fc.option(hundreds(50_000), { nil: null });
const payType = fc.constantFrom<PayType>(1, 2);
const channel = fc.constantFrom<BetChannel>('MOBILE', 'DESKTOP');

/** Any configuration, the channel limits set or not, valid or not. */
const anyConfig: fc.Arbitrary<BetConfig> = fc
  .record({
    minimumBetAmount: hundreds(100),
    minimumBetAmountVirtual: hundreds(100),
    maxBetAmount: hundreds(50_000),
    minimumBetAmountMobile: limit,
    maximumBetAmountMobile: limit,
    minimumBetAmountDesktop: limit,
    maximumBetAmountDesktop: limit,
  })
  .map((limits) => ({ ...DEFAULT_BET_CONFIG, ...limits }));

/**
 * A configuration the back office accepts (api content/bet-config.ts): the maximum not below the
 * pay-type minimums; per channel, the minimum not above its maximum nor `maxBetAmount`, the maximum not
 * below the pay-type minimums.
 */
const savableConfig = anyConfig.filter((c) => {
  const floor = Math.max(c.minimumBetAmount, c.minimumBetAmountVirtual);
  if (c.maxBetAmount < floor) return false;
  return (
    [
      [c.minimumBetAmountMobile, c.maximumBetAmountMobile],
      [c.minimumBetAmountDesktop, c.maximumBetAmountDesktop],
    ] as const
  ).every(
    ([min, max]) =>
      (min === null || (min <= c.maxBetAmount && (max === null || min <= max))) &&
      (max === null || max >= floor),
  );
});

const channelLimits = (c: BetConfig, ch: BetChannel) =>
  ch === 'MOBILE'
    ? { min: c.minimumBetAmountMobile, max: c.maximumBetAmountMobile }
    : { min: c.minimumBetAmountDesktop, max: c.maximumBetAmountDesktop };

const stakeCodes = (c: BetConfig, stake: number, pay: PayType, ch?: BetChannel) =>
  validateSlip(
    { selections: [{ selectionId: 's', matchId: 'm', odds: '2.00' }], stake, payType: pay, channel: ch },
    c,
  )
    .map((e) => e.code)
    .filter((code) => code === 'STAKE_BELOW_MINIMUM' || code === 'STAKE_ABOVE_MAXIMUM');

describe('stake limits per channel (spec §9)', () => {
  it('minimum is the larger of the pay-type and channel minimums; maximum the smaller of maxBetAmount and the channel maximum', () => {
    fc.assert(
      fc.property(anyConfig, payType, channel, (c, pay, ch) => {
        const { minimum, maximum } = stakeLimits(c, pay, ch);
        const own = channelLimits(c, ch);
        expect(minimum).toBe(Math.max(minimumStake(c, pay), own.min ?? 0));
        expect(maximum).toBe(Math.min(c.maxBetAmount, own.max ?? Number.POSITIVE_INFINITY));
      }),
    );
  });

  it('a channel limit only ever narrows: never below the general minimum, never above maxBetAmount', () => {
    fc.assert(
      fc.property(anyConfig, payType, channel, (c, pay, ch) => {
        const general = stakeLimits(c, pay);
        const { minimum, maximum } = stakeLimits(c, pay, ch);
        expect(minimum).toBeGreaterThanOrEqual(general.minimum);
        expect(maximum).toBeLessThanOrEqual(general.maximum);
      }),
    );
  });

  it("only the bet's own channel counts; without a channel, or with no channel limits, the general limits", () => {
    fc.assert(
      fc.property(anyConfig, anyConfig, payType, (c, other, pay) => {
        const mobileOnlyChanged: BetConfig = {
          ...c,
          minimumBetAmountMobile: other.minimumBetAmountMobile,
          maximumBetAmountMobile: other.maximumBetAmountMobile,
        };
        expect(stakeLimits(mobileOnlyChanged, pay, 'DESKTOP')).toEqual(stakeLimits(c, pay, 'DESKTOP'));
        expect(stakeLimits(c, pay)).toEqual({ minimum: minimumStake(c, pay), maximum: c.maxBetAmount });
        const none: BetConfig = {
          ...c,
          minimumBetAmountMobile: null,
          maximumBetAmountMobile: null,
          minimumBetAmountDesktop: null,
          maximumBetAmountDesktop: null,
        };
        for (const ch of ['MOBILE', 'DESKTOP'] as const)
          expect(stakeLimits(none, pay, ch)).toEqual(stakeLimits(c, pay));
      }),
    );
  });

  it('leaves a stake to bet for every configuration the back office can save', () => {
    fc.assert(
      fc.property(savableConfig, payType, channel, (c, pay, ch) => {
        const { minimum, maximum } = stakeLimits(c, pay, ch);
        expect(minimum).toBeLessThanOrEqual(maximum);
      }),
    );
  });

  it('the slip validation refuses exactly the stakes outside the limits of its channel', () => {
    fc.assert(
      fc.property(
        anyConfig,
        payType,
        fc.option(channel, { nil: undefined }),
        hundreds(60_000),
        (c, pay, ch, stake) => {
          const { minimum, maximum } = stakeLimits(c, pay, ch);
          const expected = [
            ...(stake < minimum ? ['STAKE_BELOW_MINIMUM'] : []),
            ...(stake > maximum ? ['STAKE_ABOVE_MAXIMUM'] : []),
          ];
          expect(stakeCodes(c, stake, pay, ch)).toEqual(expected);
        },
      ),
    );
  });

  it('the normalised amount is never above the maximum, and within the limits whenever the money allows', () => {
    fc.assert(
      fc.property(
        savableConfig,
        payType,
        channel,
        fc.nat({ max: 10_000_000 }),
        fc.nat({ max: 10_000_000 }),
        (c, pay, ch, amount, money) => {
          const stake = normaliseAmount(
            { amount, payType: pay, balance: money, credit: money, channel: ch },
            c,
          );
          const { minimum, maximum } = stakeLimits(c, pay, ch);
          expect(stake).toBeLessThanOrEqual(maximum);
          if (money >= minimum) expect(stakeCodes(c, stake, pay, ch)).toEqual([]);
        },
      ),
    );
  });
});
