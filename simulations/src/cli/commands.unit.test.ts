import { describe, expect, it } from 'vitest';
import { fieldPath, parseJson, runQuote, runSettle } from './commands.ts';

const played = (ht: [number, number], ft: [number, number]) => ({
  status: 'played',
  halfTime: { home: ht[0], away: ht[1] },
  fullTime: { home: ft[0], away: ft[1] },
});
const single = (leg: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  bet: { stake: 10_000, payType: 1, legs: [leg] },
  ...extra,
});
const errorOf = (r: ReturnType<typeof runQuote>) => (r.ok ? undefined : r.error);
const outputOf = (r: ReturnType<typeof runQuote>) => (r.ok ? (r.output as Record<string, unknown>) : r.error);

describe('quote command', () => {
  const slip = { stake: 1000, payType: 1, selections: [{ selectionId: 'a', matchId: 'm1', odds: '1.95' }] };
  it('given a slip and no config, when quoted, then the spec defaults apply', () => {
    expect(outputOf(runQuote({ slip }))).toMatchObject({
      totalOdds: '1.95',
      profit: 950,
      tax: 95,
      afterTaxAmount: 1855,
    });
  });
  it('given a loaded config without limits, when a 100 stake is quoted, then the 300 fallback minimum refuses it', () => {
    expect(errorOf(runQuote({ slip: { ...slip, stake: 100 }, config: {} }))).toBe(
      'error: stake: must be at least 300',
    );
  });
  it('given placedAt in 2021, when quoted, then the 15% rate of the tax table applies', () => {
    expect(outputOf(runQuote({ slip, placedAt: '2021-12-01T12:00:00+03:00' }))).toMatchObject({
      taxRatePercent: 15,
      tax: 142,
    });
  });
  it('given odds as a JSON number, when quoted, then read as the decimal it prints as', () => {
    expect(
      outputOf(runQuote({ slip: { ...slip, selections: [{ selectionId: 'a', matchId: 'm1', odds: 1.1 }] } })),
    ).toMatchObject({
      profit: 100,
    });
  });
  it('given two selections on one match, when quoted, then the error names the field', () => {
    const twice = {
      ...slip,
      selections: [...slip.selections, { selectionId: 'b', matchId: 'm1', odds: '2' }],
    };
    expect(errorOf(runQuote({ slip: twice }))).toBe('error: selections[1].matchId: one selection per match');
  });
  it("given a slip's channel, when quoted, then the stricter of the general and the channel stake limits (spec §9)", () => {
    const config = { minimumBetAmountMobile: 2_000, maximumBetAmountDesktop: 500 };
    expect(errorOf(runQuote({ slip: { ...slip, channel: 'MOBILE' }, config }))).toBe(
      'error: stake: must be at least 2000',
    );
    expect(errorOf(runQuote({ slip: { ...slip, channel: 'DESKTOP' }, config }))).toBe(
      'error: stake: must be at most 500',
    );
    // Without a channel, the general limits only.
    expect(outputOf(runQuote({ slip, config }))).toMatchObject({ stake: 1000 });
    expect(errorOf(runQuote({ slip: { ...slip, channel: 'TABLET' } }))).toBe(
      'error: channel: must be MOBILE or DESKTOP',
    );
  });
  it('given an unknown config key, when quoted, then refused (typos do not pass silently)', () => {
    expect(errorOf(runQuote({ slip, config: { taxRate: 10 } }))).toBe(
      'error: config: Unrecognized key: "taxRate"',
    );
  });
});

describe('settle command', () => {
  it('given the betting-rules AH −0.25 example, when settled, then half lost, 5,000 returned', () => {
    const out = outputOf(
      runSettle(
        single({
          market: 'asian_handicap',
          line: '-0.25',
          pick: 'home',
          odds: '1.95',
          match: played([0, 0], [1, 1]),
        }),
      ),
    );
    expect(out).toMatchObject({ state: 'settled', payout: 5000, credited: 5000 });
    expect((out as { legs: unknown[] }).legs[0]).toMatchObject({
      outcome: 6,
      voidFactor: 0.5,
      deadHeatFactor: '1',
      bettingTypeId: 48,
    });
  });
  it('given a line that is not a multiple of 0.25, when settled, then the error names the leg line', () => {
    expect(
      errorOf(
        runSettle(
          single({
            market: 'over_under',
            line: '2.3',
            pick: 'over',
            odds: '1.9',
            match: played([0, 0], [1, 1]),
          }),
        ),
      ),
    ).toBe('error: legs[0].line: must be a multiple of 0.25, >= 0');
  });
  it('given a full-time score below half time, when settled, then refused', () => {
    expect(
      errorOf(runSettle(single({ market: '1x2', pick: 'home', odds: '1.9', match: played([2, 0], [1, 0]) }))),
    ).toBe('error: legs[0].match.fullTime: below the half-time score');
  });
  it('given an abandonment after minute 45 without a half-time score, when settled, then refused', () => {
    const match = { status: 'abandoned', minute: 70, score: { home: 1, away: 0 } };
    expect(errorOf(runSettle(single({ market: '1x2', pick: 'home', odds: '1.9', match })))).toBe(
      'error: legs[0].match.halfTime: required when abandoned after minute 45',
    );
  });
  it('given an unknown market, when settled, then refused', () => {
    expect(
      errorOf(
        runSettle(single({ market: 'winner', pick: 'home', odds: '1.9', match: { status: 'postponed' } })),
      ),
    ).toMatch(/^error: legs\[0\]\.market: /);
  });
});

describe('helpers', () => {
  it('given zod paths, when shown, then as legs[1].odds without the bet wrapper', () => {
    expect(fieldPath(['bet', 'legs', 1, 'odds'])).toBe('legs[1].odds');
    expect(fieldPath(['bet'])).toBe('bet');
    expect(fieldPath([])).toBe('');
  });
  it('given text that is not JSON, when parsed, then one error line', () => {
    expect(parseJson('{')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^error: input: not valid JSON/),
    });
  });
});
