import { describe, expect, it } from 'vitest';
import {
  channelMaximumProblem,
  channelMinimumProblem,
  channelStakeSchema,
  liveDelaySchema,
  warningAmountSchema,
} from './rules.ts';

describe('bet configuration form rules', () => {
  it('takes rolling-bet delays of whole seconds from 0 to 30 only (spec §9), as the server does', () => {
    for (const ok of [0, 1, 5, 30]) expect(liveDelaySchema.safeParse(ok).success, String(ok)).toBe(true);
    for (const bad of [-1, 31, 2.5, null, undefined, '5'])
      expect(liveDelaySchema.safeParse(bad).success, String(bad)).toBe(false);
    expect(liveDelaySchema.safeParse(31).error?.issues[0]?.message).toBe('config.rules.liveDelay');
  });
  it('takes an order warning amount of whole TZS of at least 1, or empty for none (spec §9)', () => {
    for (const ok of [1, 100, 250_000, null, undefined])
      expect(warningAmountSchema.safeParse(ok).success, String(ok)).toBe(true);
    for (const bad of [0, -100, 1.5, '500'])
      expect(warningAmountSchema.safeParse(bad).success, String(bad)).toBe(false);
    expect(warningAmountSchema.safeParse(0).error?.issues[0]?.message).toBe('validation.positive');
  });
  it('takes a stake limit per channel of whole hundreds of TZS, or empty for none (spec §9), as the server does', () => {
    for (const ok of [100, 1_000, 2_000_000, null, undefined])
      expect(channelStakeSchema.safeParse(ok).success, String(ok)).toBe(true);
    for (const bad of [0, -100, 150, 1.5, '500'])
      expect(channelStakeSchema.safeParse(bad).success, String(bad)).toBe(false);
    expect(channelStakeSchema.safeParse(150).error?.issues[0]?.message).toBe('config.rules.step100');
  });
  it("refuses a channel's minimum above its maximum or the maximum stake, and its maximum below the minimum stakes", () => {
    expect(channelMinimumProblem(1_000, 20_000, 3_000_000)).toBeNull();
    expect(channelMinimumProblem(20_000, 20_000, 3_000_000)).toBeNull();
    expect(channelMinimumProblem(1_000, null, 3_000_000)).toBeNull();
    expect(channelMinimumProblem(null, 100, 100)).toBeNull();
    expect(channelMinimumProblem(20_100, 20_000, 3_000_000)).toBe('config.rules.channelMinAboveMax');
    expect(channelMinimumProblem(3_000_100, null, 3_000_000)).toBe('config.rules.channelMinAboveMax');
    expect(channelMaximumProblem(20_000, [100, 500])).toBeNull();
    expect(channelMaximumProblem(500, [100, 500])).toBeNull();
    expect(channelMaximumProblem(null, [100, 500])).toBeNull();
    expect(channelMaximumProblem(400, [100, 500])).toBe('config.rules.maxBelowMin');
  });
});
