import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { walletDecider } from '../wallet/decider.ts';
import { fold } from '../decider.ts';
import { deviceClockError, exchangeQuote } from './exchange.ts';

describe('racing coin exchange quote (spec §1, §5, §8, §9; bill types 15 and 16)', () => {
  it('balance → racing coin is 1:1 and untaxed', () => {
    expect(exchangeQuote('toRacingCoin', 5_000, 10_000, '10')).toEqual({
      ok: true,
      quote: { direction: 'toRacingCoin', amount: 5_000, taxRate: '0', tax: 0, credited: 5_000 },
    });
  });
  it('racing coin → balance is taxed at convert_tax_rate, rounded down', () => {
    expect(exchangeQuote('toBalance', 1_999, 5_000, '10')).toMatchObject({
      ok: true,
      quote: { tax: 199, credited: 1_800 },
    });
  });
  it('no amount: CONVERSION_AMOUNT_REQUIRED; more than the pocket holds: CONVERSION_FAILED ("Conversion failed")', () => {
    expect(exchangeQuote('toBalance', 0, 5_000, '10')).toMatchObject({
      ok: false,
      error: { code: 'CONVERSION_AMOUNT_REQUIRED' },
    });
    expect(exchangeQuote('toBalance', 5_001, 5_000, '10')).toMatchObject({
      ok: false,
      error: {
        code: 'CONVERSION_FAILED',
        message: 'Conversion failed',
        details: { available: 5_000, requested: 5_001 },
      },
    });
  });
  it('property: the quote shown is what the wallet does (ConvertToBalance, bill 16)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom('0', '10', '12.5', '15'),
        (amount, rate) => {
          const funded = fold(walletDecider, [
            {
              type: 'StaffAdjusted',
              data: {
                userId: 'u1',
                movementId: 'a',
                billType: 2,
                reference: 'a',
                reason: 'a',
                at: 'x',
                actor: { kind: 'staff', id: 's' },
                lines: [{ pocket: 'racingCoin', amount, before: 0, after: amount }],
              },
            },
          ] as never);
          const q = exchangeQuote('toBalance', amount, funded.racingCoin, rate);
          const d = walletDecider.decide(
            {
              type: 'ConvertToBalance',
              userId: 'u1',
              movementId: 'c',
              at: 'x',
              actor: { kind: 'player', id: 'u1' },
              amount,
              taxRate: rate,
            },
            funded,
          );
          expect(q.ok && d.ok).toBe(true);
          if (q.ok && d.ok) {
            expect(d.events[0]).toMatchObject({
              type: 'RacingCoinConverted',
              data: { billType: 16, tax: q.quote.tax },
            });
            expect(fold(walletDecider, d.events, funded).balance).toBe(q.quote.credited);
          }
        },
      ),
    );
  });
});

describe('racing device clock (spec §5 "the device clock must be GMT+3", §8)', () => {
  const ok = {
    deviceUtcOffsetMinutes: 180,
    deviceNowMs: 1_000_000,
    serverNowMs: 1_000_000,
    maxSkewMs: 30_000,
  };
  it('GMT+3 and within the skew: fine', () => {
    expect(deviceClockError(ok)).toBeUndefined();
    expect(deviceClockError({ ...ok, deviceNowMs: 1_030_000 })).toBeUndefined();
  });
  it('another zone or a clock off by more than the skew: the spec message', () => {
    expect(deviceClockError({ ...ok, deviceUtcOffsetMinutes: 0 })).toMatchObject({
      code: 'RACING_DEVICE_CLOCK',
      message: 'Device time is not GMT+3: calibrate and refresh',
    });
    expect(deviceClockError({ ...ok, deviceNowMs: 969_999 })?.details).toMatchObject({ skewMs: -30_001 });
  });
});
