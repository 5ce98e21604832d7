import { describe, expect, it } from 'vitest';
import { scalarResolvers } from './scalars.ts';

const codeOf = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return (error as { extensions?: { code?: unknown } }).extensions?.code;
  }
  return 'NO ERROR';
};

describe('scalars refuse bad variables with BAD_INPUT, never a crash', () => {
  const hostile = [
    { toString: [] },
    { valueOf: 1, toString: null },
    Object.create(null),
    [1],
    { a: 1 },
    null,
    true,
  ];
  it.each(['Tzs', 'Odds', 'DateTime'] as const)('%s', (name) => {
    for (const value of hostile)
      expect(codeOf(() => scalarResolvers[name].parseValue(value))).toBe('BAD_INPUT');
  });

  it('refuses a DateTime outside the years 0001-9999 (the fuzz test found -004713-11-23 crashing staffMatches)', () => {
    for (const value of ['-004713-11-23T23:59:59.999Z', '+010000-01-01T00:00:00Z', -62_200_000_000_000])
      expect(codeOf(() => scalarResolvers.DateTime.parseValue(value))).toBe('BAD_INPUT');
    expect(scalarResolvers.DateTime.parseValue('0001-01-01T00:00:00Z')).toBe('0001-01-01T00:00:00.000Z');
    expect(scalarResolvers.DateTime.parseValue('9999-12-31T23:59:59.999Z')).toBe('9999-12-31T23:59:59.999Z');
  });

  it('keeps good values', () => {
    expect(scalarResolvers.Tzs.parseValue('1500')).toBe(1500);
    expect(scalarResolvers.Odds.parseValue('1.95')).toBe('1.95');
    expect(scalarResolvers.DateTime.parseValue('2026-11-22T07:00:00+03:00')).toBe('2026-11-22T04:00:00.000Z');
  });
});
