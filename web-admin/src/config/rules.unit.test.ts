import { describe, expect, it } from 'vitest';
import { liveDelaySchema, warningAmountSchema } from './rules.ts';

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
});
