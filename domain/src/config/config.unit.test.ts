import { describe, expect, it } from 'vitest';
import { isDomainFailure } from '../errors.ts';
import {
  DEFAULT_BET_CONFIG,
  isBettingPaused,
  isLargeBet,
  isLiveBetDelaySeconds,
  isOrderWarningAmount,
  liveBetDelaySeconds,
  minimumStake,
  orderWarningAmount,
  profitCap,
  resolveBetConfig,
  stakeLimits,
  type BetConfig,
} from './bet-config.ts';
import { betConfigAt, type ConfigHistory } from './history.ts';
import { betConfigFromSpec } from './spec-record.ts';
import { TANZANIA_TAX_RULES, taxRateAt } from './tax.ts';
import { configAt, instantMs } from './versions.ts';

describe('bet config defaults and fallbacks (spec §9)', () => {
  it('given no config loaded, when resolved, then the spec defaults: 100, 100, 3,000,000, odds 1, tax 10%', () => {
    expect(resolveBetConfig(undefined)).toMatchObject({
      minimumBetAmount: 100,
      minimumBetAmountVirtual: 100,
      maxBetAmount: 3_000_000,
      minStringRewardOdds: '1',
      taxRatePercent: 10,
      noBet: 0,
    });
  });
  it('given a loaded config missing its limits, when resolved, then 300 minimums and 900,000 maximum', () => {
    const config = resolveBetConfig({ taxRatePercent: 15, minimumBetAmount: null });
    expect(config.minimumBetAmount).toBe(300);
    expect(config.minimumBetAmountVirtual).toBe(300);
    expect(config.maxBetAmount).toBe(900_000);
    expect(config.taxRatePercent).toBe(15);
  });
  it('given a loaded config with values, when resolved, then its values are kept and null caps mean no cap', () => {
    const config = resolveBetConfig({
      minimumBetAmount: 500,
      maxBetAmount: 2_000_000,
      singleGameHighestProfit: null,
    });
    expect(config).toMatchObject({
      minimumBetAmount: 500,
      maxBetAmount: 2_000_000,
      singleGameHighestProfit: null,
    });
  });
  it('given a pay type, when asking the minimum, then balance uses minimum_bet_amount and credit the virtual one', () => {
    const config: BetConfig = { ...DEFAULT_BET_CONFIG, minimumBetAmount: 200, minimumBetAmountVirtual: 700 };
    expect(minimumStake(config, 1)).toBe(200);
    expect(minimumStake(config, 2)).toBe(700);
  });
  it('given one or several selections, when asking the profit cap, then single or multiple highest profit', () => {
    const caps = { singleGameHighestProfit: 1000, multipleGameHighestProfit: 5000 };
    expect(profitCap(caps, 1)).toBe(1000);
    expect(profitCap(caps, 2)).toBe(5000);
  });
  it('given no config or a loaded one without rolling-bet delays, when resolved, then 5 s on both channels', () => {
    expect(resolveBetConfig(undefined)).toMatchObject({
      liveBetDelaySecondsMobile: 5,
      liveBetDelaySecondsDesktop: 5,
    });
    const loaded = resolveBetConfig({ liveBetDelaySecondsMobile: null, liveBetDelaySecondsDesktop: 0 });
    expect(liveBetDelaySeconds(loaded, 'MOBILE')).toBe(5);
    expect(liveBetDelaySeconds(loaded, 'DESKTOP')).toBe(0);
  });
  it("given a channel, when asking the rolling-bet delay, then that channel's seconds; an invalid stored value gives 5", () => {
    const config = { liveBetDelaySecondsMobile: 8, liveBetDelaySecondsDesktop: 3 };
    expect(liveBetDelaySeconds(config, 'MOBILE')).toBe(8);
    expect(liveBetDelaySeconds(config, 'DESKTOP')).toBe(3);
    expect(liveBetDelaySeconds({ ...config, liveBetDelaySecondsMobile: 31 }, 'MOBILE')).toBe(5);
    expect(liveBetDelaySeconds({ ...config, liveBetDelaySecondsDesktop: 2.5 }, 'DESKTOP')).toBe(5);
    expect([0, 1, 30].map(isLiveBetDelaySeconds)).toEqual([true, true, true]);
    expect([-1, 31, 1.5, Number.NaN, '5'].map(isLiveBetDelaySeconds)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
  it('given no config or a loaded one with a null warning amount, when resolved, then no order warning', () => {
    expect(resolveBetConfig(undefined).orderWarningAmount).toBeNull();
    expect(resolveBetConfig({ orderWarningAmount: null }).orderWarningAmount).toBeNull();
    expect(resolveBetConfig({ orderWarningAmount: 250_000 }).orderWarningAmount).toBe(250_000);
  });
  it('given a warning amount, when a stake is below, at or above it, then only at and above is a large bet', () => {
    const config = { orderWarningAmount: 50_000 };
    expect(isLargeBet(config, 49_999)).toBe(false);
    expect(isLargeBet(config, 50_000)).toBe(true);
    expect(isLargeBet(config, 50_001)).toBe(true);
    expect(isLargeBet({ orderWarningAmount: null }, 3_000_000)).toBe(false);
  });
  it('given an invalid stored warning amount, when read, then it counts as none', () => {
    expect(orderWarningAmount({ orderWarningAmount: 0 })).toBeNull();
    expect(orderWarningAmount({ orderWarningAmount: 1.5 })).toBeNull();
    expect(orderWarningAmount({ orderWarningAmount: 1 })).toBe(1);
    expect(isLargeBet({ orderWarningAmount: -5 }, 100)).toBe(false);
    expect([1, 100, 9_000_000].map(isOrderWarningAmount)).toEqual([true, true, true]);
    expect([0, -1, 2.5, Number.NaN, '100', null].map(isOrderWarningAmount)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
  it('given no config or a loaded one with null channel stakes, when resolved, then no channel has limits of its own', () => {
    expect(resolveBetConfig(undefined)).toMatchObject({
      minimumBetAmountMobile: null,
      maximumBetAmountMobile: null,
      minimumBetAmountDesktop: null,
      maximumBetAmountDesktop: null,
    });
    const loaded = resolveBetConfig({ minimumBetAmountMobile: null, maximumBetAmountDesktop: 50_000 });
    expect(loaded.minimumBetAmountMobile).toBeNull();
    expect(loaded.maximumBetAmountDesktop).toBe(50_000);
  });
  it('given channel stakes, when asking the limits of a bet, then the larger minimum and the smaller maximum (spec §9)', () => {
    const config: BetConfig = {
      ...DEFAULT_BET_CONFIG,
      minimumBetAmount: 200,
      minimumBetAmountVirtual: 700,
      maxBetAmount: 1_000_000,
      minimumBetAmountMobile: 500,
      maximumBetAmountMobile: 20_000,
      minimumBetAmountDesktop: 100,
      maximumBetAmountDesktop: 2_000_000,
    };
    expect(stakeLimits(config, 1, 'MOBILE')).toEqual({ minimum: 500, maximum: 20_000 });
    expect(stakeLimits(config, 2, 'MOBILE')).toEqual({ minimum: 700, maximum: 20_000 });
    expect(stakeLimits(config, 1, 'DESKTOP')).toEqual({ minimum: 200, maximum: 1_000_000 });
    // Without a channel (staff bets) the general limits only.
    expect(stakeLimits(config, 1)).toEqual({ minimum: 200, maximum: 1_000_000 });
    // A channel without limits of its own, or an invalid stored one, adds nothing.
    const desktopFree = { ...config, minimumBetAmountDesktop: null, maximumBetAmountDesktop: 0 };
    expect(stakeLimits(desktopFree, 2, 'DESKTOP')).toEqual({ minimum: 700, maximum: 1_000_000 });
  });
  it('given no_bet non-zero, when asked, then betting is paused', () => {
    expect(isBettingPaused({ noBet: 0 })).toBe(false);
    expect(isBettingPaused({ noBet: 1 })).toBe(true);
  });
});

describe('effective-dated versions', () => {
  const versions = [
    { effectiveFrom: '2022-07-01T00:00:00+03:00', name: 'c' },
    { effectiveFrom: '2018-07-01', name: 'a' },
    { effectiveFrom: Date.parse('2021-07-01T00:00:00+03:00'), name: 'b' },
  ];
  it('given unsorted versions, when asked at an instant, then the latest one already in force', () => {
    expect(configAt(versions, '2020-01-01T00:00:00Z')?.name).toBe('a');
    expect(configAt(versions, '2021-06-30T20:59:59.999Z')?.name).toBe('a');
    expect(configAt(versions, '2021-06-30T21:00:00Z')?.name).toBe('b');
    expect(configAt(versions, Date.parse('2030-01-01T00:00:00Z'))?.name).toBe('c');
  });
  it('given an instant before every version, when asked, then undefined', () => {
    expect(configAt(versions, '2017-01-01')).toBeUndefined();
  });
  it('given two versions from the same instant, when asked, then the one listed last (a correction)', () => {
    const same = [...versions, { effectiveFrom: '2022-07-01T00:00:00+03:00', name: 'c2' }];
    expect(configAt(same, '2023-01-01')?.name).toBe('c2');
  });
  it('given a zone-less date-time, when read, then INVALID_INSTANT (it would depend on the machine)', () => {
    expect(() => instantMs('2022-07-01T00:00:00')).toThrow(/INVALID_INSTANT/);
    try {
      instantMs('yesterday');
    } catch (e) {
      expect(isDomainFailure(e) && e.error.code).toBe('INVALID_INSTANT');
    }
  });
});

describe('tax history (betting-rules §8)', () => {
  it('given sports bets over the years, when asked the rate, then 20% from 2018, 15% from 2021, 10% from 2022', () => {
    expect(taxRateAt(TANZANIA_TAX_RULES, 'sports', '2018-06-30T20:59:59Z')).toBeUndefined();
    expect(taxRateAt(TANZANIA_TAX_RULES, 'sports', '2018-07-01T00:00:00+03:00')).toBe(20);
    expect(taxRateAt(TANZANIA_TAX_RULES, 'sports', '2021-06-30T23:59:59+03:00')).toBe(20);
    expect(taxRateAt(TANZANIA_TAX_RULES, 'sports', '2021-07-01T00:00:00+03:00')).toBe(15);
    expect(taxRateAt(TANZANIA_TAX_RULES, 'sports', '2022-07-01T00:00:00+03:00')).toBe(10);
    expect(taxRateAt(TANZANIA_TAX_RULES, 'sports', '2025-01-01')).toBe(10);
  });
  it('given products with their own rules, when asked, then only that product’s rules count', () => {
    const rules = [
      ...TANZANIA_TAX_RULES,
      { product: 'virtual' as const, effectiveFrom: '2024-01-01', ratePercent: 12 },
    ];
    expect(taxRateAt(rules, 'virtual', '2024-06-01')).toBe(12);
    expect(taxRateAt(rules, 'sports', '2024-06-01')).toBe(10);
    expect(taxRateAt(rules, 'casino', '2024-06-01')).toBe(10);
  });
  it('given a config history, when asking the config of a bet placed in 2021, then its tax comes from the table', () => {
    const history: ConfigHistory = {
      betConfigs: [
        { effectiveFrom: '2018-01-01', config: { ...DEFAULT_BET_CONFIG, maxBetAmount: 1_000_000 } },
        { effectiveFrom: '2023-01-01', config: { ...DEFAULT_BET_CONFIG, maxBetAmount: 5_000_000 } },
      ],
      taxRules: TANZANIA_TAX_RULES,
    };
    expect(betConfigAt(history, 'sports', '2021-12-01')).toMatchObject({
      maxBetAmount: 1_000_000,
      taxRatePercent: 15,
    });
    expect(betConfigAt(history, 'sports', '2023-02-01')).toMatchObject({
      maxBetAmount: 5_000_000,
      taxRatePercent: 10,
    });
    expect(betConfigAt(history, 'sports', '2017-01-01')).toBeUndefined();
    expect(betConfigAt({ ...history, taxRules: [] }, 'sports', '2018-02-01')?.taxRatePercent).toBe(10);
  });
});

describe('bet config from the spec record (spec §3, §7 bet_config/inquire)', () => {
  it('given a snake_case record with gaps, when read, then camelCase with the spec §9 fallbacks', () => {
    const config = betConfigFromSpec(
      { minimum_bet_amount: 500, max_bet_amount: null, tax_rate: 10, min_string_reward_odds: 1.2, no_bet: 0 },
      [{ strings: 3, cash_back: 5 }],
    );
    expect(config).toMatchObject({
      minimumBetAmount: 500,
      minimumBetAmountVirtual: 300,
      maxBetAmount: 900_000,
      minStringRewardOdds: '1.2',
      taxRatePercent: 10,
      singleGameHighestProfit: null,
      stringRewards: [{ strings: 3, cashBackPercent: 5 }],
    });
  });
});
