/**
 * The pending raise's countdown runs on the server's clock (countdown.ts): a browser whose clock is a
 * day behind the server's still sees the raise confirmable once the server says 24 hours have passed.
 */
import { describe, expect, it } from 'vitest';
import { clockSkew, countdown } from './countdown.ts';

const HOUR = 3_600_000;

describe('the pending raise countdown', () => {
  it('counts h:mm:ss down to confirmableFrom and ends at it', () => {
    const from = '2026-01-11T06:15:00.000Z';
    const at = Date.parse(from);
    expect(countdown(from, at - 24 * HOUR)).toBe('24:00:00');
    expect(countdown(from, at - 61_500)).toBe('0:01:02');
    expect(countdown(from, at)).toBeNull();
    expect(countdown(from, at + 1)).toBeNull();
  });

  it('given a browser clock a day behind the server, then the server instant decides', () => {
    const serverNow = Date.parse('2026-01-11T06:16:00.000Z');
    const browserNow = serverNow - 24 * HOUR;
    const skew = clockSkew(new Date(serverNow).toISOString(), browserNow);
    expect(skew).toBe(24 * HOUR);
    // confirmable one minute ago on the server: no countdown, though the browser thinks a day remains
    expect(countdown('2026-01-11T06:15:00.000Z', browserNow)).toBe('23:59:00');
    expect(countdown('2026-01-11T06:15:00.000Z', browserNow + skew)).toBeNull();
  });

  it('given an unreadable server instant, then the browser clock is used as is', () => {
    expect(clockSkew('not a time', 5)).toBe(0);
  });
});
